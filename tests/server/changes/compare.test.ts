import { describe, expect, it } from 'vitest';
import { compare } from '../../../server/changes/compare.js';
import { fingerprintOf, parseFingerprint } from '../../../server/changes/fingerprint.js';
import type { RecordReads } from '../../../server/changes/fingerprint.js';
import { criticalityOf, linkOf } from '../../../server/changes/kinds.js';
import type { Advisor } from '../../../contract/sis/advisors.schema.js';
import type { Grade } from '../../../contract/sis/courses.schema.js';
import type { Meeting } from '../../../contract/sis/schedule.schema.js';
import type { Hold } from '../../../contract/sis/holds.schema.js';

const hold = (code: string, name: string): Hold => ({
  HOLD: code,
  HOLDDESCRIPTION: name,
  HOLDAMOUNT: 0,
  HOLDFROMDATE: '2026-09-01',
  HOLDTODATE: '2099-12-31',
  HOLDORIGINATINGOFFICE: 'REG',
  HOLDORIGINATINGOFFICEDESCRIPTION: 'Registrar',
  HOLDRELEASEINDICATOR: 'N',
  PROCESSAFFECTED: [],
  REASON: null,
  STUDENTID: '900000001',
});
const meeting = (crn: string, days = 'MW', room = '101', start = '10:00'): Meeting => ({
  SUBJECTCODE: 'CS',
  COURSENUMBER: crn === '1' ? '161' : '162',
  COURSETITLE: 'Intro',
  COURSEREGISTRATIONNUMBER: crn,
  TERMCODE: '202604',
  DAYS: days,
  DAYSDISPLAY: days,
  STARTTIME: start,
  ENDTIME: '11:50',
  STARTDATE: '2026-09-28',
  ENDDATE: '2026-12-11',
  BUILDING: 'FAB',
  ROOM: room,
  LOCATION: null,
  MEETINGTYPE: 'LEC',
  INSTRUCTIONAL_METHOD: 'In person',
});
const grade = (crn: string, final: string | null): Grade => ({
  SUBJECTCODE: 'CS',
  COURSENUMBER: '161',
  COURSETITLE: 'Intro',
  COURSEREGISTRATIONNUMBER: crn,
  TERMCODE: '202604',
  FINALGRADE: final,
  GRADEDATE: final === null ? null : '2026-12-15',
});
const advisor = (name: string, primary: 'Y' | 'N' = 'Y'): Advisor => ({
  ADV_NAME: name,
  ADV_EMAIL_ADDRESS: `${name.toLowerCase()}@example.edu`,
  ADV_TERM_EFF: '202604',
  ADV_CODE: 'MAJ',
  ADV_CODE_DESC: 'Major',
  ADV_PRIM: primary,
  ADV_PHOTO: null,
});
const account = (due: number, paid: number) => ({
  ENROLLED_PPLAN: 'N' as const,
  PPLAN_TERM: null,
  CHARGES_DETAIL: {
    CHARGES_BALANCE: due,
    CHARGES_PAYMENTS_RXD: paid,
    CHARGES_NEW_ACTIVITY: 0,
    CHARGES_ANTICIPATED_AID: 0,
    CHARGES_REFUNDS: 0,
    CHARGES_AMOUNT_DUE: due,
  },
});
const base: RecordReads = {
  terms: ['202604'],
  holds: [hold('RH', 'Registration Hold')],
  schedule: [meeting('1'), meeting('1', 'F', '202'), meeting('2')],
  grades: [grade('1', null)],
  account: account(500, 0),
  advisors: [advisor('Rivera'), advisor('Chen', 'N')],
};
const fp = (change: Partial<RecordReads> = {}) => fingerprintOf({ ...base, ...change });
const kinds = (change: Partial<RecordReads>) =>
  compare(fp(), fp(change)).map((c) => [c.kind, c.subject, c.label]);

describe('record changes: fingerprints and their comparison', () => {
  it('the first fingerprint is a baseline and raises nothing', () => {
    expect(compare(undefined, fp())).toEqual([]);
  });

  it('an unchanged record raises nothing, and neither does a reordered one', () => {
    expect(compare(fp(), fp())).toEqual([]);
    const reordered = fp({
      holds: [...base.holds].reverse(),
      schedule: [...base.schedule].reverse(),
      advisors: [...base.advisors].reverse(),
    });
    expect(compare(fp(), reordered)).toEqual([]);
    expect(JSON.stringify(reordered)).toBe(JSON.stringify(fp()));
  });

  it('a hold added and a hold removed, by code, with its name', () => {
    expect(kinds({ holds: [...base.holds, hold('AR', 'Accounts Receivable')] })).toEqual([
      ['hold-added', 'AR', 'Accounts Receivable'],
    ]);
    expect(kinds({ holds: [] })).toEqual([['hold-removed', 'RH', 'Registration Hold']]);
  });

  it("a hold's office is kept in the fingerprint, and the hold's removal carries it", () => {
    expect(fp().offices).toEqual({ RH: 'Registrar' });
    const removed = compare(fp(), fp({ holds: [] }));
    expect(removed).toEqual([
      expect.objectContaining({ kind: 'hold-removed', office: 'Registrar' }),
    ]);
    const billed = {
      ...hold('AR', 'Accounts Receivable'),
      HOLDORIGINATINGOFFICEDESCRIPTION: 'Bursar',
    };
    expect(compare(fp(), fp({ holds: [...base.holds, billed] }))[0]?.office).toBe('Bursar');
  });

  it('a fingerprint stored without offices (1.2.0) still parses; a hold removed since names no office', () => {
    const { offices: _offices, ...stored } = fp();
    const old = parseFingerprint(JSON.stringify(stored));
    expect(old).toEqual(stored);
    const removed = compare(old, fp({ holds: [] }));
    expect(removed).toEqual([expect.objectContaining({ kind: 'hold-removed', subject: 'RH' })]);
    expect(removed[0]).not.toHaveProperty('office');
    // The first fresh read after the upgrade only adds the offices: nothing else is raised.
    expect(compare(old, fp())).toEqual([]);
  });

  it('a class added, dropped (or cancelled) and moved in time or room', () => {
    expect(kinds({ schedule: [...base.schedule, meeting('3')] })).toEqual([
      ['class-added', '202604:3', 'CS 162'],
    ]);
    expect(kinds({ schedule: [meeting('1'), meeting('1', 'F', '202')] })).toEqual([
      ['class-dropped', '202604:2', 'CS 162'],
    ]);
    expect(kinds({ schedule: [meeting('1'), meeting('1', 'F', '303'), meeting('2')] })).toEqual([
      ['class-moved', '202604:1', 'CS 161'],
    ]);
    expect(
      kinds({
        schedule: [meeting('1'), meeting('1', 'F', '202'), meeting('2', 'MW', '101', '13:00')],
      }),
    ).toEqual([['class-moved', '202604:2', 'CS 162']]);
  });

  it('a term read for the first time, or no longer read, raises nothing about its classes', () => {
    const next = { ...meeting('9'), TERMCODE: '202701' };
    expect(kinds({ terms: ['202604', '202701'], schedule: [...base.schedule, next] })).toEqual([]);
    expect(compare(fp(), fp({ terms: [], schedule: [], grades: [] }))).toEqual([]);
  });

  it('a final grade posted names the course, never the grade', () => {
    const changes = compare(fp(), fp({ grades: [grade('1', 'A-')] }));
    expect(changes.map((c) => [c.kind, c.label])).toEqual([['grade-posted', 'CS 161']]);
    expect(JSON.stringify(changes)).not.toContain('A-');
    expect(JSON.stringify(fp({ grades: [grade('1', 'A-')] }))).not.toContain('A-');
  });

  it('the balance due changed or a payment posted', () => {
    expect(kinds({ account: account(300, 0) })).toEqual([['balance-changed', 'balance', '']]);
    expect(kinds({ account: account(500, 200) })).toEqual([['balance-changed', 'balance', '']]);
    expect(kinds({ account: null })).toEqual([]);
  });

  it('balance-paid: the amount due went from more than nothing to nothing, raised once and in place of balance-changed (issue 89: the balance task completes when the record shows the balance paid)', () => {
    const paid = fp({ account: account(0, 500) });
    expect(kinds({ account: account(0, 500) })).toEqual([['balance-paid', 'balance', '']]);
    // A credit is paid too; a part payment leaves an amount due: the balance changed, not paid.
    expect(kinds({ account: account(-20, 520) })).toEqual([['balance-paid', 'balance', '']]);
    expect(kinds({ account: account(200, 300) })).toEqual([['balance-changed', 'balance', '']]);
    // Compared again, or read again paid, it is not raised a second time.
    expect(compare(paid, paid)).toEqual([]);
    expect(compare(paid, fp({ account: account(0, 600) })).map((c) => c.kind)).toEqual([
      'balance-changed',
    ]);
    // A new bill where none was due is balance-due, which opens the task again.
    expect(compare(paid, fp({ account: account(800, 500) })).map((c) => c.kind)).toEqual([
      'balance-due',
    ]);
  });

  it('a new primary advisor', () => {
    expect(kinds({ advisors: [advisor('Chen'), advisor('Rivera', 'N')] })).toEqual([
      ['advisor-new', 'chen@example.edu', 'Chen'],
    ]);
    expect(kinds({ advisors: [] })).toEqual([]);
  });

  it('a hold added and a class dropped are urgent; the rest are normal', () => {
    expect(criticalityOf('hold-added')).toBe('urgent');
    expect(criticalityOf('class-dropped')).toBe('urgent');
    expect(criticalityOf('grade-posted')).toBe('normal');
    expect(criticalityOf('hold-removed')).toBe('normal');
  });

  it('each kind links to the page that shows it', () => {
    expect(linkOf({ kind: 'hold-added' })).toBe('/account#holds');
    expect(linkOf({ kind: 'class-moved' })).toBe('/academics');
    expect(linkOf({ kind: 'grade-posted', term: '202604' })).toBe('/academics?term=202604');
    expect(linkOf({ kind: 'balance-changed' })).toBe('/finances');
    expect(linkOf({ kind: 'balance-paid' })).toBe('/finances');
    expect(linkOf({ kind: 'advisor-new' })).toBe('/academics#advisors');
  });

  it('a stored fingerprint reads back; unreadable text is none', () => {
    expect(parseFingerprint(JSON.stringify(fp()))).toEqual(fp());
    expect(parseFingerprint('{')).toBeUndefined();
    expect(parseFingerprint('{"holds":1}')).toBeUndefined();
  });
});

describe('record changes: what the student reads', () => {
  it('each kind in English and Spanish; a grade posted names the course only', async () => {
    const { changeText, topicTitle } = await import('../../../server/changes/texts.js');
    const posted = compare(fp(), fp({ grades: [grade('1', 'A-')] }))[0];
    if (!posted) throw new Error('no change');
    expect(changeText(posted, 'en')).toBe('A final grade was posted for CS 161');
    expect(changeText(posted, 'es')).toBe('Se publicó una calificación final de CS 161');
    expect(topicTitle('es')).toBe('Cambios en su expediente');
    const dropped = compare(fp(), fp({ schedule: [meeting('1')] })).find(
      (c) => c.kind === 'class-dropped',
    );
    if (!dropped) throw new Error('no change');
    expect(changeText(dropped, 'en')).toBe(
      'CS 162 is no longer on your schedule: it was dropped or cancelled',
    );
  });
});

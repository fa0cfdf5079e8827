import { describe, expect, it } from 'vitest';
import { compare } from '../../../server/changes/compare.js';
import { fingerprintOf } from '../../../server/changes/fingerprint.js';
import { withFreshRead } from '../../../server/changes/visit.js';
import type { Grade } from '../../../contract/sis/courses.schema.js';
import type { Meeting } from '../../../contract/sis/schedule.schema.js';
import { financialHold } from './changing-sis.js';

const meeting = (term: string, crn: string, room = '101'): Meeting => ({
  SUBJECTCODE: 'CS',
  COURSENUMBER: '161',
  COURSETITLE: 'Intro',
  COURSEREGISTRATIONNUMBER: crn,
  TERMCODE: term,
  DAYS: 'MW',
  DAYSDISPLAY: 'MW',
  STARTTIME: '10:00',
  ENDTIME: '11:50',
  STARTDATE: '2026-09-28',
  ENDDATE: '2026-12-11',
  BUILDING: 'FAB',
  ROOM: room,
  LOCATION: null,
  MEETINGTYPE: 'LEC',
  INSTRUCTIONAL_METHOD: 'In person',
});
const grade = (term: string, crn: string, final: string | null): Grade => ({
  SUBJECTCODE: 'CS',
  COURSENUMBER: '161',
  COURSETITLE: 'Intro',
  COURSEREGISTRATIONNUMBER: crn,
  TERMCODE: term,
  FINALGRADE: final,
  GRADEDATE: null,
});
const stored = fingerprintOf({
  terms: ['202604'],
  holds: [],
  schedule: [meeting('202604', '1')],
  grades: [grade('202604', '1', null)],
  account: null,
  advisors: [],
});

describe("a student's visit: one fresh read compared with the stored fingerprint", () => {
  it("a fresh read of the fingerprint's term replaces that part only", () => {
    const moved = withFreshRead(stored, 'schedule', [meeting('202604', '1', '202')], '202604');
    expect(moved && compare(stored, moved).map((c) => c.kind)).toEqual(['class-moved']);
    expect(moved?.grades).toEqual(stored.grades);
    const posted = withFreshRead(stored, 'grades', [grade('202604', '1', 'A')], '202604');
    expect(posted && compare(stored, posted).map((c) => [c.kind, c.label])).toEqual([
      ['grade-posted', 'CS 161'],
    ]);
  });

  it('a term the fingerprint does not hold, or a read that is none of its parts: nothing', () => {
    expect(withFreshRead(stored, 'schedule', [meeting('202701', '9')], '202701')).toBeUndefined();
    expect(withFreshRead(stored, 'gpa', [], undefined)).toBeUndefined();
  });

  it('a SIS warning is an empty answer, as the sweep reads it', () => {
    const none = withFreshRead(stored, 'schedule', { p_result: 'Warning' }, '202604');
    expect(none && compare(stored, none).map((c) => c.kind)).toEqual(['class-dropped']);
    // No balance read is no change: the stored balance stays.
    expect(
      withFreshRead(stored, 'financial-account-summary', { p_result: 'Warning' }, undefined),
    ).toBeUndefined();
  });

  it("a hold added on a visit keeps its office, which the hold's later removal names", () => {
    const added = withFreshRead(stored, 'holds', [financialHold], undefined);
    expect(added && compare(stored, added)).toEqual([
      expect.objectContaining({ kind: 'hold-added', subject: 'AR', office: 'Business Office' }),
    ]);
    expect(added?.offices).toEqual({ AR: 'Business Office' });
    const removed = added && withFreshRead(added, 'holds', [], undefined);
    expect(added && removed && compare(added, removed)).toEqual([
      expect.objectContaining({ kind: 'hold-removed', subject: 'AR', office: 'Business Office' }),
    ]);
  });

  it('the same answer as the stored one changes nothing', () => {
    const same = withFreshRead(stored, 'schedule', [meeting('202604', '1')], '202604');
    expect(same).toEqual(stored);
  });
});

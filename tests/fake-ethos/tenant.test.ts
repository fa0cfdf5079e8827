import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FakeEthos } from './fake-ethos.js';
import { BANNER_ID } from './fixtures-finance.js';
import { ID, extra, grade, room, section } from './fixture-ids.js';
import { WEDNESDAY, ethosSisFor, student } from './ethos-sis.js';
import { EthosTenant } from './tenant.js';

/** `expect`'s matchers, typed for the type-checked lint. */
const anyString: unknown = expect.any(String);
const match = (pattern: RegExp): unknown => expect.stringMatching(pattern);

/** A notification as `GET /consume` answers it, whole: no field more or less. */
const notification = (
  name: string,
  id: string,
  operation: string,
  contentType: string,
  content: unknown,
) => ({
  id: match(/^\d+$/),
  // Ethos's own format: space-separated, microseconds, a bare `+00`.
  published: '2026-10-14 19:00:00.000123+00',
  resource: { name, id, version: match(/^application\/vnd\.hedtech\.integration\.v\d+\+json$/) },
  operation,
  contentType,
  content,
  publisher: { id: anyString, applicationName: anyString },
});

let fake: FakeEthos;
let tenant: EthosTenant;
// Each test changes the data: a double of its own, on the campus clock of a fall Wednesday.
beforeEach(async () => {
  fake = await FakeEthos.start({ now: () => WEDNESDAY });
  tenant = new EthosTenant(fake, () => WEDNESDAY);
});
afterEach(() => fake.close());

/** A fresh adapter: nothing of an earlier read kept. */
const sis = () => ethosSisFor(fake);
/** A read's rows: its answer, unless it is the "nothing to say" block. */
const rows = <T>(answer: T[] | { p_result: 'Warning' }): T[] =>
  Array.isArray(answer) ? answer : [];
const account = async () => {
  const answer = await sis().read('financial-account-summary', student);
  return 'CHARGES_DETAIL' in answer ? answer.CHARGES_DETAIL : null;
};
const consume = () => sis().client.consume(null, 100);

describe('the Ethos double as a tenant: the data changed and the change published', () => {
  it('addHold: the adapter lists the hold; published `created` with the whole person-holds record', async () => {
    const hold = tenant.addHold(ID.student, {
      category: 'academic',
      typeId: 'h0000000-0000-4000-8000-000000000002',
      comment: 'Meet your advisor before you register',
    });
    const holds = rows(await sis().read('holds', student));
    expect(holds.map((h) => [h.HOLD, h.HOLDFROMDATE, h.REASON])).toEqual([
      ['AR', '2026-10-01', 'Balance over 90 days'],
      ['AD', '2026-10-14', 'Meet your advisor before you register'],
    ]);
    const record = {
      id: hold.id,
      person: { id: ID.student },
      type: { category: 'academic', detail: { id: 'h0000000-0000-4000-8000-000000000002' } },
      startOn: '2026-10-14T00:00:00Z',
      comment: 'Meet your advisor before you register',
      ...extra,
    };
    expect(fake.data['person-holds'].at(-1)).toEqual(record);
    expect(await consume()).toEqual([
      notification('person-holds', hold.id, 'created', 'resource-representation', record),
    ]);
  });

  it('removeHold: the adapter no longer lists it; published `deleted`, `empty`, naming no person', async () => {
    const hold = tenant.addHold(ID.student, { category: 'health' });
    tenant.removeHold(hold.id);
    tenant.removeHold(ID.financialHold);
    expect(rows(await sis().read('holds', student))).toEqual([]);
    const [, ...deleted] = z.array(z.unknown()).parse(await consume());
    expect(deleted).toEqual([
      notification('person-holds', hold.id, 'deleted', 'empty', {}),
      notification('person-holds', ID.financialHold, 'deleted', 'empty', {}),
    ]);
    expect(JSON.stringify(deleted)).not.toContain(ID.student);
  });

  it("postPayment: Banner's account review and the payments both show it; published `created` with the student-payments record", async () => {
    const payment = tenant.postPayment(ID.student, 250.5, ID.fall);
    expect(await account()).toMatchObject({
      CHARGES_BALANCE: 1000,
      CHARGES_AMOUNT_DUE: 1000,
      CHARGES_PAYMENTS_RXD: 2000,
    });
    // The adapter read Banner's review, by Banner ID, and not the charges and payments.
    expect(fake.callsTo('account-detail-reviews')).toHaveLength(1);
    expect(fake.callsTo('student-payments')).toHaveLength(0);
    const record = {
      id: payment.id,
      student: { id: ID.student },
      academicPeriod: { id: ID.fall },
      paymentType: 'cash',
      paidOn: '2026-10-14',
      amount: { value: 250.5, currency: 'USD' },
      overrideDescription: 'Payment, thank you',
      ...extra,
    };
    expect(fake.data['student-payments'].at(-1)).toEqual(record);
    // Only the Ethos data model record is published: the review is a Business Process API.
    expect(await consume()).toEqual([
      notification('student-payments', payment.id, 'created', 'resource-representation', record),
    ]);
  });

  it('postPayment where Banner holds no review: the charges minus the payments show it', async () => {
    const reviews = fake.businessProcess['account-detail-reviews'] ?? {};
    // An empty answer holds no balance: the adapter reads the charges and payments instead.
    reviews[BANNER_ID] = [];
    tenant.postPayment(ID.student, 250.5);
    expect(await account()).toMatchObject({ CHARGES_AMOUNT_DUE: 1000, CHARGES_PAYMENTS_RXD: 2000 });
    expect(fake.callsTo('student-payments')).toHaveLength(1);
  });

  it("moveClass: a fresh adapter's schedule shows the new time and room; published `replaced` with the instructional event, naming its section", async () => {
    const before = rows(await sis().read('schedule', student)).find(
      (m) => m.COURSENUMBER === '251',
    );
    expect(before).toMatchObject({ STARTTIME: '09:00', ENDTIME: '10:50', ROOM: '120' });
    const [event, ...others] = tenant.moveClass(section('math'), {
      start: '2026-09-21T20:00:00Z',
      end: '2026-09-21T21:20:00Z',
      room: room(2),
    });
    expect(others).toEqual([]);
    const after = rows(await sis().read('schedule', student)).find((m) => m.COURSENUMBER === '251');
    expect(after).toMatchObject({
      DAYS: 'MW',
      STARTTIME: '13:00',
      ENDTIME: '14:20',
      BUILDING: 'Cramer Hall',
      ROOM: '305',
    });
    expect(event).toMatchObject({
      section: { id: section('math') },
      recurrence: {
        timePeriod: { startOn: '2026-09-21T20:00:00Z', endOn: '2026-09-21T21:20:00Z' },
        repeatRule: { type: 'weekly', daysOfWeek: ['monday', 'wednesday'] },
      },
      locations: [{ location: { type: 'instructionalRoom', room: { id: room(2) } } }],
    });
    expect(await consume()).toEqual([
      notification(
        'instructional-events',
        event?.id ?? '',
        'replaced',
        'resource-representation',
        event,
      ),
    ]);
  });

  it('cancelSection: the section Ethos answers is cancelled; published `replaced` with the whole sections record', async () => {
    const cancelled = tenant.cancelSection(section('hst'));
    const status = z.object({ status: z.object({ category: z.string() }), course: z.unknown() });
    const answered = await sis().client.get('sections', section('hst'), status);
    expect(answered.status).toEqual({ category: 'cancelled' });
    expect(await consume()).toEqual([
      notification('sections', section('hst'), 'replaced', 'resource-representation', cancelled),
    ]);
  });

  it("postGrade: the adapter's grades show it; published `created` with the student-transcript-grades record", async () => {
    const posted = tenant.postGrade(ID.student, section('wr'), grade('A-'));
    const grades = rows(await sis().read('grades', student));
    expect(grades.find((g) => g.COURSENUMBER === '121')).toMatchObject({
      FINALGRADE: 'A-',
      GRADEDATE: '2026-10-14',
    });
    const record = {
      id: posted.id,
      student: { id: ID.student },
      course: { section: { id: section('wr') } },
      grade: { id: grade('A-') },
      awardGradeScheme: { id: 'gs000000-0000-4000-8000-000000000001' },
      credit: { attemptedCredit: 4, earnedCredit: 4, repeatedSection: 'notRepeated' },
      recordedOn: '2026-10-14T19:00:00Z',
      ...extra,
    };
    expect(await consume()).toEqual([
      notification(
        'student-transcript-grades',
        posted.id,
        'created',
        'resource-representation',
        record,
      ),
    ]);
  });

  it('publish keeps its old form: `resource-representation`, the content as given, or none', async () => {
    fake.publish('persons', ID.advisor, { id: ID.advisor });
    fake.publish('persons', ID.advisor, undefined, 'deleted', 'empty');
    const [updated, deleted] = z.array(z.unknown()).parse(await consume());
    expect(updated).toEqual(
      notification('persons', ID.advisor, 'updated', 'resource-representation', { id: ID.advisor }),
    );
    expect(deleted).toMatchObject({ operation: 'deleted', contentType: 'empty' });
    expect(deleted).not.toHaveProperty('content');
  });
});

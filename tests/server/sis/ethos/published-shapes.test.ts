/**
 * Issue 72: the reads a tenant refused or answered empty, against the double's published shapes
 * (tests/fake-ethos/fixtures-*.ts cite each). Every test names its source.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FakeEthos } from '../../../fake-ethos/fake-ethos.js';
import { ethosSisFor, student } from '../../../fake-ethos/ethos-sis.js';
import { ID } from '../../../fake-ethos/fixture-ids.js';
import { BANNER_ID } from '../../../fake-ethos/fixtures-finance.js';
import type { EthosSis } from '../../../../server/sis/ethos/adapter.js';
import { isTermRead, sisSchemas } from '../../../../server/sis/endpoints.js';
import type { SisEndpoint } from '../../../../server/sis/endpoints.js';

let fake: FakeEthos;
let sis: EthosSis;

beforeAll(async () => {
  fake = await FakeEthos.start();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.maxPageSize = 2;
  fake.calls.length = 0;
  sis = ethosSisFor(fake);
});

const query = (url: string | undefined) => new URL(url ?? '/', fake.url).searchParams;

describe('advisor: student-advisor-relationships v10 as Ellucian publishes it', () => {
  const relations = () => fake.data['student-advisor-relationships'];
  let kept: ReturnType<typeof relations>;
  beforeEach(() => {
    kept = [...relations()];
  });
  afterEach(() => {
    relations().splice(0, relations().length, ...kept);
  });

  // Source: StudentAdvisorRelationshipsAssignedPriority, a string enum ("primary") written by a
  // StringEnumConverter and omitted when not set (ellucian-developer/integration-sdk-csharp-objects,
  // Ellucian.Generated.Eedm/StudentAdvisorRelationships_V10_0.cs).
  it('the relationship whose assignedPriority is the string "primary" is the primary one, though another is listed first; an ended one is absent', async () => {
    relations().unshift({
      id: 'sa000000-0000-4000-8000-000000000003',
      student: { id: ID.student },
      advisor: { id: ID.pastAdvisor },
      advisorType: { id: ID.advisorType },
      startAcademicPeriod: { id: ID.fall },
      startOn: '2026-09-01',
    } as (typeof kept)[number]);
    const advisors = await sis.read('advisor', student);
    expect(
      Array.isArray(advisors) && advisors.map((a) => [a.ADV_NAME, a.ADV_PRIM, a.ADV_TERM_EFF]),
    ).toEqual([
      ['Jordan Lee', 'N', '202604'],
      ['Alex Smith', 'Y', '202604'],
    ]);
  });

  // Source: the same DTO; the fixture's only current relationship carries "primary".
  it('the double holds assignedPriority as the string Ellucian publishes, and the adapter reads it', async () => {
    expect(relations().map((r) => ('assignedPriority' in r ? r.assignedPriority : null))).toEqual([
      'primary',
      null,
    ]);
    expect(await sis.read('advisor', student)).toMatchObject([
      { ADV_NAME: 'Alex Smith', ADV_PRIM: 'Y' },
    ]);
  });
});

describe('financial-account-summary: account-detail-reviews by ?id=, else charges minus payments by student', () => {
  // Source: ellucian-developer/experience-ethos-examples, account-details/microservice/src/data/
  // account-detail-reviews.js (`searchParams: { id: bannerId }`) and
  // account-details/extension/src/cards/AccountDetails.jsx (`TBRACCD_CTRL[0].accountBalance`).
  it("reads Banner's account-detail-reviews by ?id=<Banner ID>: the control record's balance and amount due, the transactions' payments", async () => {
    expect(await sis.read('financial-account-summary', student)).toMatchObject({
      CHARGES_DETAIL: {
        CHARGES_BALANCE: 1250.5,
        CHARGES_AMOUNT_DUE: 1250.5,
        CHARGES_PAYMENTS_RXD: 1749.5,
      },
    });
    const [review] = fake.callsTo('account-detail-reviews');
    expect(query(review?.url).get('id')).toBe(BANNER_ID);
    expect(query(review?.url).has('criteria')).toBe(false);
    expect(fake.callsTo('student-charges')).toHaveLength(0);
  });

  // Source: the generated SDK's spelling, ellucian-developer/integration-sdk-csharp-objects,
  // Ellucian.Generated.BpApi.Ban/AccountDetailReviews100GetResponse.cs (`tbraccd_ctrl`).
  it('reads the lower-case tbraccd_ctrl of the generated SDK too', async () => {
    const answers = fake.businessProcess['account-detail-reviews'] ?? {};
    const kept = answers[BANNER_ID];
    answers[BANNER_ID] = [{ tbraccd_ctrl: [{ accountBalance: 99.95, amountDue: 50 }] }];
    const summary = await sis.read('financial-account-summary', student);
    answers[BANNER_ID] = kept ?? [];
    expect(summary).toMatchObject({
      CHARGES_DETAIL: { CHARGES_BALANCE: 99.95, CHARGES_AMOUNT_DUE: 50 },
    });
  });

  // Source: StudentCharges_V16_0_0.cs and StudentPayments_V16_0_0.cs (`student`, a criteria
  // filter; `chargedAmount.amount.value`, `amount.value`), integration-sdk-csharp-objects.
  it('account-detail-reviews answering 400: the charges minus the payments, each read with criteria {"student":{"id":…}}', async () => {
    fake.fail('account-detail-reviews', { kind: 'status', status: 400 }, 1);
    expect(await sis.read('financial-account-summary', student)).toMatchObject({
      CHARGES_DETAIL: {
        CHARGES_BALANCE: 1250.5,
        CHARGES_AMOUNT_DUE: 1250.5,
        CHARGES_PAYMENTS_RXD: 1749.5,
      },
    });
    for (const resource of ['student-charges', 'student-payments']) {
      const [call] = fake.callsTo(resource);
      expect(JSON.parse(query(call?.url).get('criteria') ?? 'null')).toEqual({
        student: { id: ID.student },
      });
    }
  });

  // Source: the 400 the tenant of issue 72 answered to a `person` criteria; the double does so.
  it('the double refuses account-detail-reviews read by criteria, as the tenant did, and the person criteria finds no charges', async () => {
    const byPerson = { criteria: { person: { id: ID.student } } };
    const anything = z.object({});
    await expect(sis.client.list('account-detail-reviews', anything, byPerson)).rejects.toThrow(
      /answered 400/,
    );
    expect(await sis.client.list('student-charges', anything, byPerson)).toEqual([]);
  });
});

describe("grades: a past term's transcript grades without its registrations", () => {
  // Source: StudentTranscriptGrades_V1_0_0.cs (`course.section.id`, `grade.id`, `recordedOn`) and
  // StudentTranscriptGrades_V1_1_0.cs (`course.detail.id` with `academicPeriod.id`),
  // integration-sdk-csharp-objects; sections v16 and courses v16 give the title, subject and number.
  it('last spring (202601) lists its grades from the transcript records, named through course.section.id or course.detail.id', async () => {
    const registrations = fake.data['section-registrations'].map((r) => r.section.id);
    expect(registrations.some((id) => id.endsWith(ID.mth111.slice(2)))).toBe(false);
    expect(await sis.read('grades', student, '202601')).toEqual([
      {
        SUBJECTCODE: 'MTH',
        COURSENUMBER: '111',
        COURSETITLE: 'Precalculus',
        COURSEREGISTRATIONNUMBER: '20511',
        TERMCODE: '202601',
        FINALGRADE: 'A-',
        GRADEDATE: '2026-05-14',
      },
      {
        SUBJECTCODE: 'WR',
        COURSENUMBER: '115',
        COURSETITLE: 'Introduction to College Writing',
        COURSEREGISTRATIONNUMBER: '',
        TERMCODE: '202601',
        FINALGRADE: 'B+',
        GRADEDATE: '2026-05-15',
      },
    ]);
  });

  // Source: the same DTOs; a grade of another term is left out of this one.
  it("this term's grades leave last term's out, and list the registered class not graded yet without a grade", async () => {
    const grades = await sis.read('grades', student, '202604');
    expect(Array.isArray(grades) && grades.map((g) => `${g.SUBJECTCODE} ${g.FINALGRADE}`)).toEqual([
      'MTH A',
      'CS B+',
      'WR null',
    ]);
  });

  // Source: StudentTranscriptGrades_V1_0_0.cs (`course.section.id`); sections answering 404
  // Global.GUID.Not.Found for a GUID it no longer has, as the double does.
  it("a grade naming a section Ethos no longer has is left out; the term's other grades stay", async () => {
    const grades = fake.data['student-transcript-grades'];
    const [first] = grades;
    if (!first) throw new Error('the double has transcript grades');
    grades.push({ ...first, id: 'gone', course: { section: { id: 'no-such-section' } } });
    const read = await sis.read('grades', student, '202601').finally(() => grades.pop());
    expect(Array.isArray(read) && read.map((g) => g.COURSENUMBER)).toEqual(['111', '115']);
  });
});

describe('npm run sis:check against the double', () => {
  // Source: server/sis-check.ts's readEach, every read of sisSchemas, term reads with the current term.
  it('every read answers', async () => {
    const current = await sis.read('current-term', student);
    const term = 'p_term_out' in current ? current.p_term_out : undefined;
    for (const read of Object.keys(sisSchemas) as SisEndpoint[]) {
      await expect(
        sis.read(read, student, isTermRead(read) ? term : undefined),
        read,
      ).resolves.toBeDefined();
    }
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PeopleSoftSis } from '../../../../server/sis/peoplesoft/adapter.js';
import type { PeopleSoftSisOptions } from '../../../../server/sis/peoplesoft/adapter.js';
import { studentAccountSchema } from '../../../../server/config/peoplesoft-account.js';
import { SisError } from '../../../../server/sis/port.js';
import type { SisPerson } from '../../../../server/sis/port.js';
import { FakePeopleSoft } from '../../../fake-peoplesoft/fake-peoplesoft.js';
import { STUDENT } from '../../../fake-peoplesoft/fixtures.js';
import { JPEG_BASE64 } from '../../../fake-peoplesoft/finances.js';

let fake: FakePeopleSoft;
beforeAll(async () => {
  fake = await FakePeopleSoft.start();
});
afterAll(() => fake.stop());

const OPERATIONS = ['SCC_GETPHOTO_R', 'SSF_GET_STUDENT_ACCOUNT', 'SFA_GET_STUDENT_AWARDS'];
beforeEach(() => {
  fake.calls.length = 0;
  for (const op of [...OPERATIONS, 'SCC_GETCONST_R']) fake.fault(op, null);
});

const NOW = new Date('2027-01-20T18:00:00Z');

const asStudent = (o: Partial<PeopleSoftSisOptions> = {}) =>
  new PeopleSoftSis({
    baseUrl: fake.baseUrl,
    auth: { mode: 'student' },
    timeoutMs: 2000,
    zone: 'America/Los_Angeles',
    now: () => NOW,
    ...o,
  });

const person = (): SisPerson => ({
  username: STUDENT.username,
  persona: null,
  bearer: fake.token(STUDENT.username),
});

describe('the student account, aid and photo against the PeopleSoft double', () => {
  it('Finances: the balance, charges due, payments and pending aid from SSF_GET_STUDENT_ACCOUNT, field by field', async () => {
    expect(await asStudent().read('financial-account-summary', person())).toEqual({
      ENROLLED_PPLAN: 'N',
      PPLAN_TERM: null,
      CHARGES_DETAIL: {
        CHARGES_BALANCE: 1840,
        CHARGES_PAYMENTS_RXD: 500,
        CHARGES_NEW_ACTIVITY: 0,
        CHARGES_ANTICIPATED_AID: 1200,
        CHARGES_REFUNDS: 0,
        CHARGES_AMOUNT_DUE: 1840,
      },
    });
    expect(fake.calls).toEqual([
      { operation: 'SSF_GET_STUDENT_ACCOUNT', auth: 'bearer', who: STUDENT.username },
    ]);
  });

  it("reads the account by the campus's mapping when it corrects an element", async () => {
    fake.setAccount(STUDENT.username, { AMOUNT_DUE_NOW: '75.25' });
    const sis = asStudent({
      studentAccount: studentAccountSchema.parse({
        CHARGES_AMOUNT_DUE: { path: 'AMOUNT_DUE_NOW', source: 'campus message' },
      }),
    });
    const summary = await sis.read('financial-account-summary', person());
    expect('CHARGES_DETAIL' in summary && summary.CHARGES_DETAIL.CHARGES_AMOUNT_DUE).toBe(75.25);
  });

  it('Finances: the aid years from SFA_GET_STUDENT_AWARDS', async () => {
    const aid = await asStudent().read('financial-aid-info', person());
    expect('FINAID_DETAIL' in aid && aid.FINAID_DETAIL.map((y) => y.AIDY)).toEqual([
      '2027',
      '2026',
    ]);
  });

  it("the profile card's photo from SCC_GETPHOTO_R, as a data URL", async () => {
    const profile = await asStudent().read('profile', person());
    expect(profile.photo).toBe(`data:image/jpeg;base64,${JPEG_BASE64}`);
    expect(fake.calls.map((c) => c.operation)).toEqual(['SCC_GETPHOTO_R']);
  });

  for (const [operation, read] of [
    ['SSF_GET_STUDENT_ACCOUNT', 'financial-account-summary'],
    ['SFA_GET_STUDENT_AWARDS', 'financial-aid-info'],
    ['SCC_GETPHOTO_R', 'profile'],
  ] as const) {
    it(`an operation switched off (${operation}: 404, or an IBResponse) fails only its own read`, async () => {
      const sis = asStudent();
      fake.fault(operation, { kind: 'status', status: 404 });
      await expect(sis.read(read, person())).rejects.toThrow(
        `${operation}: PeopleSoft answered 404`,
      );
      fake.fault(operation, { kind: 'ib-error', status: 200 });
      const failed = asStudent().read(read, person());
      await expect(failed).rejects.toBeInstanceOf(SisError);
      await expect(failed).rejects.toThrow(`${operation}: answered an Integration Broker error`);
      // The other sections still read.
      expect(await sis.read('person-info', person())).toMatchObject({ STUDENT_ID: STUDENT.emplid });
      expect(await sis.read('holds', person())).toHaveLength(1);
    });
  }
});

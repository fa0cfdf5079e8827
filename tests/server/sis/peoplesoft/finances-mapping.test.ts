import { describe, expect, it } from 'vitest';
import { accountSummarySchema } from '../../../../contract/sis/finances.schema.js';
import { financialAidSchema } from '../../../../contract/sis/financial-aid.schema.js';
import {
  DEFAULT_STUDENT_ACCOUNT,
  studentAccountSchema as accountMapSchema,
} from '../../../../server/config/peoplesoft-account.js';
import { accountOf, studentAccountSchema } from '../../../../server/sis/peoplesoft/account.js';
import { aidOf, awardsSchema } from '../../../../server/sis/peoplesoft/aid.js';
import { PHOTO_MAX_BYTES, photoOf, photoSchema } from '../../../../server/sis/peoplesoft/photo.js';
import { sisProfileSchema } from '../../../../server/sis/endpoints.js';
import { psJson } from '../../../fake-peoplesoft/fixtures.js';
import type { Plain } from '../../../fake-peoplesoft/fixtures.js';
import { awards, JPEG_BASE64, photo, studentAccount } from '../../../fake-peoplesoft/finances.js';

const account = (record: Plain) =>
  studentAccountSchema.parse({ SSF_GET_STUDENT_ACCOUNT_RESP: [psJson(record)] });
const photoAnswer = (record: Plain) => photoSchema.parse({ SCC_GETPHOTO_RESP: [psJson(record)] });

describe('SSF_GET_STUDENT_ACCOUNT to the account summary, by the configured mapping', () => {
  it('reads the balance (SSF_OVERALL_ACTBAL), the charges due, payments and pending aid, field by field', () => {
    const summary = accountOf(account(studentAccount('20270042')), DEFAULT_STUDENT_ACCOUNT);
    expect(accountSummarySchema.parse(summary)).toEqual({
      ENROLLED_PPLAN: 'N',
      PPLAN_TERM: null,
      CHARGES_DETAIL: {
        CHARGES_BALANCE: 1840,
        CHARGES_AMOUNT_DUE: 1840,
        CHARGES_PAYMENTS_RXD: 500,
        CHARGES_ANTICIPATED_AID: 1200,
        CHARGES_NEW_ACTIVITY: 0,
        CHARGES_REFUNDS: 0,
      },
    });
  });

  it("follows the campus's correction of a field's element, the other fields keeping the defaults", () => {
    const map = accountMapSchema.parse({
      CHARGES_AMOUNT_DUE: { path: 'DUE_NOW.AMOUNT', source: 'our Integration Broker message' },
    });
    const record = { ...studentAccount('20270042'), DUE_NOW: [{ AMOUNT: '99.95' }] };
    const summary = accountOf(account(record), map);
    expect(summary.CHARGES_DETAIL.CHARGES_AMOUNT_DUE).toBe(99.95);
    expect(summary.CHARGES_DETAIL.CHARGES_BALANCE).toBe(1840);
  });

  it('answers 0 for an element the message lacks, and never an amount due below 0', () => {
    const record: Plain = { EMPLID: '20270042', SSF_OVERALL_ACTBAL: '-25.00' };
    const summary = accountOf(
      account({ ...record, SSF_CHARGES_DUE: [{ ITEM_AMT: '-25.00' }] }),
      DEFAULT_STUDENT_ACCOUNT,
    );
    expect(summary.CHARGES_DETAIL).toMatchObject({
      CHARGES_BALANCE: -25,
      CHARGES_AMOUNT_DUE: 0,
      CHARGES_PAYMENTS_RXD: 0,
    });
  });

  it('skips an amount PeopleSoft would not write (text, an exponent) rather than guessing', () => {
    const record: Plain = {
      SSF_PAYMENTS: [{ ITEM_AMT: 'n/a' }, { ITEM_AMT: '1e3' }, { ITEM_AMT: '10.5' }],
    };
    expect(
      accountOf(account(record), DEFAULT_STUDENT_ACCOUNT).CHARGES_DETAIL.CHARGES_PAYMENTS_RXD,
    ).toBe(10.5);
  });

  it('the configuration is checked: an unknown field or a path that is not element names is refused', () => {
    expect(accountMapSchema.safeParse({ CHARGES_TOTAL: { path: 'X' } }).success).toBe(false);
    expect(accountMapSchema.safeParse({ CHARGES_BALANCE: { path: 'A..B' } }).success).toBe(false);
    expect(accountMapSchema.safeParse({ CHARGES_BALANCE: { path: null } }).success).toBe(true);
  });

  it('names the published source beside every default field', () => {
    for (const field of Object.values(DEFAULT_STUDENT_ACCOUNT)) expect(field.source).not.toBe('');
    expect(DEFAULT_STUDENT_ACCOUNT.CHARGES_BALANCE.source).toMatch(/SSF_OVERALL_ACTBAL/);
  });
});

describe('SFA_GET_STUDENT_AWARDS to the financial aid years', () => {
  it('lists the detailed aid year first, then the others the student may view, newest first, each once', () => {
    const aid = aidOf(awardsSchema.parse({ SFA_GET_STUDENT_AWARDS_RESP: [psJson(awards())] }));
    expect(
      financialAidSchema.parse(aid).FINAID_DETAIL.map((y) => [y.AIDY, y.DISPLAY_AIDY]),
    ).toEqual([
      ['2027', '2026-2027 Aid Year'],
      ['2026', '2025-2026 Aid Year'],
    ]);
    expect(aid.FINAID_MSG).toBeNull();
  });

  it('claims no FAFSA, requirement or academic progress status the awards message does not carry', () => {
    const aid = aidOf(awardsSchema.parse({ SFA_GET_STUDENT_AWARDS_RESP: [psJson(awards())] }));
    expect(aid.FINAID_DETAIL[0]).toMatchObject({ FAFSA_IND: 'N', STUREQ_IND: 'N', SAP_DESC: '' });
  });

  it('labels an aid year without a description 2026-2027, and drops one that is not four digits', () => {
    const wire = awardsSchema.parse({
      SFA_GET_STUDENT_AWARDS_RESP: [psJson({ AID_YEAR: '2027', AID_YEARS: [{ AID_YEAR: '27' }] })],
    });
    expect(aidOf(wire).FINAID_DETAIL.map((y) => y.DISPLAY_AIDY)).toEqual(['2026-2027']);
  });
});

describe('SCC_GETPHOTO_R to the profile card photo', () => {
  it("gives Oracle's Base64Data, broken over lines, as a JPEG data URL the profile accepts", () => {
    const url = photoOf(photoAnswer(photo('20270042')));
    expect(url).toBe(`data:image/jpeg;base64,${JPEG_BASE64}`);
    expect(sisProfileSchema.parse({ staff_faculty_info: null, photo: url }).photo).toBe(url);
  });

  it('gives no photo (initials) for none, for an image that is not JPEG or PNG, or over the size bound', () => {
    expect(photoOf(photoAnswer({ EMPLOYEE_PHOTO: [] }))).toBeNull();
    expect(
      photoOf(photoAnswer(photo('1', Buffer.from('GIF89a...').toString('base64')))),
    ).toBeNull();
    const big = `/9j/${'A'.repeat(Math.ceil((PHOTO_MAX_BYTES * 4) / 3))}`;
    expect(photoOf(photoAnswer(photo('1', big)))).toBeNull();
    expect(photoOf(photoAnswer(photo('1', '/9j/<script>')))).toBeNull();
  });
});

import type { Plain } from './fixtures.js';

/**
 * The double's photo, student account and awards, written plainly and sent by `psJson` like the
 * other messages. Each cites its source; where Oracle publishes no element names, the shape is the
 * adapter's default mapping's (server/config/peoplesoft-account.ts) and says so.
 */

/**
 * SCC_GETPHOTO_R answers SCC_GETPHOTO_RESP: Oracle, Campus Solutions 9.2 PeopleBook "Describing the
 * SOAP Output Message: SCC_GETPHOTO_RESP" (the REST operation answers the same message):
 * EMPLOYEE_PHOTO with EMPLID and Base64Data, a JPEG's base64 broken over lines as in the example.
 * This one is a 1×1 JPEG.
 */
export const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

export const photo = (emplid: string, base64: string = JPEG_BASE64): Plain => ({
  EMPLOYEE_PHOTO: [{ EMPLID: emplid, Base64Data: base64.replace(/(.{76})/g, '$1\n') }],
});

/**
 * SSF_GET_STUDENT_ACCOUNT: Oracle, Campus Solutions 9.2 PeopleBook, Student Financials, "Service
 * Operations" (SSF_FINANCIALS) names SSF_OVERALL_ACTBAL (the overall balance, the total ITEM_AMT of
 * the institution set's business units) and the views it answers, Charges Due, Recent Payments and
 * Pending Financial Aid, each a list of items with an ITEM_AMT; the names of those lists
 * (SSF_CHARGES_DUE, SSF_PAYMENTS, SSF_PENDING_AID) are not published: they are the adapter's default
 * mapping's. The other elements are the delivered item fields (ITEM_TERM, ITEM_TYPE_DESCR, DUE_DT).
 * Balance 1840.00: 1500.00 tuition and 340.00 fees due, 500.00 paid, 1200.00 Pell Grant pending.
 */
export const studentAccount = (emplid: string): Plain => ({
  EMPLID: emplid,
  BUSINESS_UNIT: 'PSUNV',
  SSF_OVERALL_ACTBAL: '1840.00',
  SSF_CHARGES_DUE: [
    {
      ITEM_TERM: '2272',
      ITEM_TYPE_DESCR: 'Tuition - Undergraduate',
      DUE_DT: '2027-02-01',
      ITEM_AMT: '1500.00',
    },
    {
      ITEM_TERM: '2272',
      ITEM_TYPE_DESCR: 'Student Fees',
      DUE_DT: '2027-02-01',
      ITEM_AMT: '340.00',
    },
  ],
  SSF_PAYMENTS: [
    { ITEM_TYPE_DESCR: 'Online Payment', POSTED_DATE: '2027-01-05', ITEM_AMT: '500.00' },
  ],
  SSF_PENDING_AID: [
    { ITEM_TERM: '2272', ITEM_TYPE_DESCR: 'Federal Pell Grant', ITEM_AMT: '1200.00' },
  ],
});

/**
 * SFA_GET_STUDENT_AWARDS: Oracle, Campus Solutions 9.2 PeopleBook, Financial Aid, "Using
 * SFA_FINANCIAL_AID Service Operations": one institution and aid year's awards in full, and a list
 * of the other institution and aid year pairs the student may view. The element names are the
 * delivered self-service award fields (SS_FA_STDNT_AWD: INSTITUTION, AID_YEAR, ITEM_TYPE,
 * AWARD_STATUS `A`/`O`/`C`/`D`, OFFER_AMOUNT, ACCEPT_AMOUNT, DISBURSED_AMOUNT), not a published
 * response example.
 */
export const awards = (): Plain => ({
  INSTITUTION: 'PSUNV',
  AID_YEAR: '2027',
  AID_YEAR_DESCR: '2026-2027 Aid Year',
  AID_YEARS: [
    { INSTITUTION: 'PSUNV', AID_YEAR: '2026', AID_YEAR_DESCR: '2025-2026 Aid Year' },
    { INSTITUTION: 'PSUNV', AID_YEAR: '2027', AID_YEAR_DESCR: '2026-2027 Aid Year' },
  ],
  AWARDS: [
    {
      ITEM_TYPE: '900000000100',
      DESCR: 'Federal Pell Grant',
      AWARD_STATUS: 'A',
      OFFER_AMOUNT: '3200.00',
      ACCEPT_AMOUNT: '3200.00',
      DISBURSED_AMOUNT: '2000.00',
    },
    {
      ITEM_TYPE: '900000000200',
      DESCR: 'Direct Subsidized Loan',
      AWARD_STATUS: 'O',
      OFFER_AMOUNT: '3500.00',
      ACCEPT_AMOUNT: '0.00',
      DISBURSED_AMOUNT: '0.00',
    },
  ],
});

import type { Plain } from './fixtures.js';

/**
 * The double's checklist and notifications, sent by `psJson` like the other messages.
 *
 * SCC_GET_CHKLST_RESP: Oracle, Campus Solutions 9.2 PeopleBook "Describing the SOAP Output Message:
 * SCC_GET_CHKLST_RESP" (the REST Get Checklist operation answers the same message), whose example
 * row this first item follows (SEQ_3C 3, CHECKLIST_SEQ 200, ENRL5 "Complete Enrollment", ITEM_STATUS
 * `I` Initiated, ADMIN_FUNCTION STRM, INSTITUTION PSUNV), with this student's dates; the second is a
 * delivered status `C` Completed.
 */
export const checklistItem = (
  emplid: string,
  over: Partial<Record<string, string>> = {},
): Plain => ({
  EMPLID: emplid,
  SEQ_3C: '3',
  CHECKLIST_SEQ: '200',
  CHKLST_ITEM_CD: 'ENRL5',
  ITEM_STATUS: 'I',
  ITEM_STATUS_LOVDescr: 'Initiated',
  CHECKLIST_CD_DESCR: 'Complete Enrollment',
  INFORMATION:
    'Confirm your study choices in the system by enrolling on the Self Service portal, then submit the government funding form.',
  DUE_DT: '2027-02-15',
  ADMIN_FUNCTION: 'STRM',
  ADMIN_FUNCTION_DESCR: 'Student Term',
  INSTITUTION: 'PSUNV',
  INSTITUTION_DESCR: 'PeopleSoft University',
  RESPONSIBLE_ID: 'KU0007',
  VAR_DATA_SEQ: '1',
  ...Object.fromEntries(
    Object.entries(over).filter((e): e is [string, string] => e[1] !== undefined),
  ),
});

export const checklist = (emplid: string): Plain[] => [
  checklistItem(emplid),
  checklistItem(emplid, {
    SEQ_3C: '4',
    CHECKLIST_SEQ: '100',
    CHKLST_ITEM_CD: 'IMMUN',
    ITEM_STATUS: 'C',
    ITEM_STATUS_LOVDescr: 'Completed',
    CHECKLIST_CD_DESCR: 'Immunization Record',
    DUE_DT: '2026-08-01',
  }),
];

/**
 * SCC_GET_NOTIFICATIONS_R: Oracle, Campus Solutions 9.2 PeopleBook "NFK Web Services GET and SEND
 * (SCE)" publishes the request (SCC_GET_NOTIF_REQ: SCC_NTFREQ_ID, SCC_NTFREQ_DTL_SEQ,
 * SCC_NTFREQ_ITM_SEQ, SCC_NTFREQ_TYPE `EML`/`SMS`/`WKL`/`ALT`, the item status); the response's
 * element names are not published: the rows (SCC_NTF_ITEM, SCC_NTF_SUBJECT, SCC_NTF_MESSAGE) are the
 * adapter's, marked so in server/sis/peoplesoft/notifications.ts. An alert, and an email PeopleSoft
 * sent itself.
 */
export const notification = (over: Partial<Record<string, string>> = {}): Plain => ({
  SCC_NTFREQ_ID: '216',
  SCC_NTFREQ_DTL_SEQ: '1',
  SCC_NTFREQ_ITM_SEQ: '1',
  SCC_NTFREQ_TYPE: 'ALT',
  SCC_NTFREQ_ITM_STS: 'SENT',
  SCC_NTF_SUBJECT: 'Your enrollment appointment is open',
  SCC_NTF_MESSAGE: 'You may enroll for 2027 Spring from January 4.',
  SCC_NTF_CREATED_DTTM: '2027-01-02-09.00.00.000000',
  ...Object.fromEntries(
    Object.entries(over).filter((e): e is [string, string] => e[1] !== undefined),
  ),
});

export const notifications = (): Plain[] => [
  notification(),
  notification({
    SCC_NTFREQ_ID: '217',
    SCC_NTFREQ_TYPE: 'EML',
    SCC_NTF_SUBJECT: 'Your bill is ready',
    SCC_NTF_MESSAGE: 'Your 2027 Spring bill is ready to view.',
  }),
];

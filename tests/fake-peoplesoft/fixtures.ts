/**
 * The double's records, written plainly and sent in PeopleSoft's JSON form by `psJson` (every
 * element an array, as Integration Broker writes a message's XML as JSON). Each message cites its
 * source; where no published response was found (SCC_GETCONST_R's and SSR_GET_ENROLLMENT_R's element
 * lists), the names are those issue 91 gives and the delivered record fields, marked so.
 */

/** A plain record: leaves, and repeated child elements as lists of records. */
export interface Plain {
  [element: string]: string | Plain[];
}
type Wire = Record<string, unknown[]>;

/** PeopleSoft's JSON form of a message: a leaf `"x"` is `["x"]`, a child list stays a list of rows. */
export function psJson(record: Plain): Wire {
  const out: Wire = {};
  for (const [name, value] of Object.entries(record)) {
    out[name] = typeof value === 'string' ? [value] : value.map(psJson);
  }
  return out;
}

export const STUDENT = { username: 'lgarcia', emplid: '20270042' } as const;

/**
 * SCC_GETCONST_R, "Get Constituent" of the REST service SCC_CONSTITUENT_R: Oracle, Campus Solutions
 * 9.2 PeopleBook "Using Entity Registry Based Constituent Web Service Operations". The element names
 * are the delivered record fields (NAMES: NAME_TYPE, NAME_DISPLAY; EMAIL_ADDRESSES: E_ADDR_TYPE,
 * EMAIL_ADDR, PREF_EMAIL_FLAG; PERSONAL_PHONE; ADDRESSES), not a published response example.
 */
export const constituent = (emplid: string): Plain => ({
  CONSTITUENT: [
    {
      EMPLID: emplid,
      SEX: 'F',
      NAMES: [
        {
          NAME_TYPE: 'PRI',
          NAME_DISPLAY: 'Lucía María Garcia',
          FIRST_NAME: 'Lucía',
          LAST_NAME: 'Garcia',
        },
        { NAME_TYPE: 'PRF', NAME_DISPLAY: 'Lucy Garcia', FIRST_NAME: 'Lucy', LAST_NAME: 'Garcia' },
      ],
      EMAIL_ADDRESSES: [
        { E_ADDR_TYPE: 'HOME', EMAIL_ADDR: 'lucy@example.com', PREF_EMAIL_FLAG: 'N' },
        { E_ADDR_TYPE: 'CAMP', EMAIL_ADDR: 'lgarcia@example.edu', PREF_EMAIL_FLAG: 'Y' },
      ],
      PERSONAL_PHONE: [{ PHONE_TYPE: 'CELL', PHONE: '503/555-0142', PREF_PHONE_FLAG: 'Y' }],
      ADDRESSES: [
        {
          ADDRESS_TYPE: 'HOME',
          ADDRESS1: '1825 SW Broadway',
          ADDRESS2: 'Apt 4',
          CITY: 'Portland',
          STATE: 'OR',
          POSTAL: '97201',
        },
      ],
    },
  ],
});

/**
 * SSR_GET_ENROLLMENT_R: SSR_ENRL_TERM rows, each with ENROLLMENT_DETAIL rows and their
 * CLASS_MEETING_PATTERN (MON … SUN Y/N, MEETING_TIME_START/END, SSR_MTG_LOC_LONG, SSR_INSTR_LONG),
 * as issue 91 names them; the other names are the delivered STDNT_ENRL, CLASS_TBL and CLASS_MTG_PAT
 * fields. Times come in both PeopleSoft forms: a Time (`09.00.00.000000`) and a DateTime without a
 * zone (`1900-01-01-18.00.00.000000`); both are the campus's wall clock.
 */
const pattern = (
  days: string[],
  start: string,
  end: string,
  place: string,
  who: string,
): Plain => ({
  MON: days.includes('MON') ? 'Y' : 'N',
  TUES: days.includes('TUES') ? 'Y' : 'N',
  WED: days.includes('WED') ? 'Y' : 'N',
  THURS: days.includes('THURS') ? 'Y' : 'N',
  FRI: days.includes('FRI') ? 'Y' : 'N',
  SAT: days.includes('SAT') ? 'Y' : 'N',
  SUN: days.includes('SUN') ? 'Y' : 'N',
  MEETING_TIME_START: start,
  MEETING_TIME_END: end,
  START_DT: '2027-01-11',
  END_DT: '2027-05-07',
  FACILITY_ID: place === '' ? '' : 'CH-201',
  SSR_MTG_LOC_LONG: place,
  SSR_INSTR_LONG: who,
});

export const enrollment = (): Plain => ({
  SSR_ENRL_TERM: [
    {
      STRM: '2264',
      DESCR: '2026 Fall',
      ACAD_CAREER: 'UGRD',
      TERM_BEGIN_DT: '2026-08-24',
      TERM_END_DT: '2026-12-18',
      CUR_GPA: '3.500',
      CUM_GPA: '3.412',
      ENROLLMENT_DETAIL: [
        {
          CLASS_NBR: '41873',
          SUBJECT: 'WR',
          CATALOG_NBR: '121',
          CLASS_SECTION: '002',
          DESCR: 'College Writing',
          UNT_TAKEN: '4.00',
          STDNT_ENRL_STATUS: 'E',
          SSR_COMPONENT: 'LEC',
          INSTRUCTION_MODE: 'P',
          CRSE_GRADE_OFF: 'A-',
          GRADE_DT: '2026-12-22-16.45.10.000000',
          CLASS_MEETING_PATTERN: [],
        },
      ],
    },
    {
      STRM: '2272',
      DESCR: '2027 Spring',
      ACAD_CAREER: 'UGRD',
      TERM_BEGIN_DT: '2027-01-11',
      TERM_END_DT: '2027-05-07',
      CUR_GPA: '',
      CUM_GPA: '3.412',
      ENROLLMENT_DETAIL: [
        {
          CLASS_NBR: '10542',
          SUBJECT: 'MTH',
          SUBJECT_DESCR: 'Mathematics',
          CATALOG_NBR: '251',
          CLASS_SECTION: '001',
          COURSE_TITLE_LONG: 'Calculus I',
          DESCR: 'CALCULUS I',
          UNT_TAKEN: '4.00',
          STDNT_ENRL_STATUS: 'E',
          SSR_COMPONENT: 'LEC',
          INSTRUCTION_MODE: 'P',
          CRSE_GRADE_OFF: '',
          ACAD_ORG: 'MATH',
          CLASS_MEETING_PATTERN: [
            pattern(
              ['MON', 'WED', 'FRI'],
              '09.00.00.000000',
              '09.50.00.000000',
              'Cramer Hall 201',
              'Ada Byron',
            ),
          ],
        },
        {
          CLASS_NBR: '10611',
          SUBJECT: 'ART',
          CATALOG_NBR: '115',
          CLASS_SECTION: '001',
          DESCR: 'Drawing Studio',
          UNT_TAKEN: '2.00',
          STDNT_ENRL_STATUS: 'E',
          SSR_COMPONENT: 'LAB',
          INSTRUCTION_MODE: 'P',
          CLASS_MEETING_PATTERN: [
            pattern(
              ['SAT', 'SUN'],
              '1900-01-01-18.00.00.000000',
              '1900-01-01-20.30.00.000000',
              'Cramer Hall 201',
              'Frida Kahlo',
            ),
          ],
        },
        {
          CLASS_NBR: '10777',
          SUBJECT: 'CS',
          CATALOG_NBR: '161',
          CLASS_SECTION: 'W01',
          DESCR: 'Intro to Programming',
          UNT_TAKEN: '4.00',
          STDNT_ENRL_STATUS: 'E',
          SSR_COMPONENT: 'LEC',
          INSTRUCTION_MODE: 'OL',
          CLASS_MEETING_PATTERN: [pattern([], '', '', '', 'Grace Hopper')],
        },
        {
          CLASS_NBR: '10999',
          SUBJECT: 'PH',
          CATALOG_NBR: '201',
          CLASS_SECTION: '001',
          DESCR: 'General Physics',
          UNT_TAKEN: '4.00',
          STDNT_ENRL_STATUS: 'D',
          SSR_COMPONENT: 'LEC',
          INSTRUCTION_MODE: 'P',
          CLASS_MEETING_PATTERN: [
            pattern(
              ['TUES', 'THURS'],
              '10.00.00.000000',
              '11.50.00.000000',
              'Science 1',
              'Lise Meitner',
            ),
          ],
        },
      ],
    },
  ],
});

/**
 * SCC_GET_SERVICE_INDICATORS_R (REST, service SCC_CONSTITUENT_R) answers SCC_GET_SERVICE_IND_RESP:
 * Oracle, Campus Solutions 9.2 PeopleBook "Describing the SOAP Output Message:
 * SCC_GET_SERVICE_IND_RESP", whose example this row follows (RG2 "No Enroll - Add/Drop OK", reason
 * REG2, DEPTID 10000, SRVC_IND_DTTM `08/26/2013 10:36:44.000000`), with this student's dates.
 */
export const indicator = (emplid: string, over: Partial<Record<string, string>> = {}): Plain => ({
  EMPLID: emplid,
  SRVC_IND_DTTM: '08/26/2026 10:36:44.000000',
  SRVC_IND_ACTIVE_DT: '2026-08-26',
  INSTITUTION: 'PSUNV',
  INSTITUTION_DESCR: 'PeopleSoft University',
  SRVC_IND_CD: 'RG2',
  SRVC_IND_CD_DESCR: 'No Enroll - Add/Drop OK',
  SRVC_IND_REASON: 'REG2',
  SRVC_IND_ACT_TERM: '2272',
  SRVC_IND_ACT_TERM_DESCR: '2027 Spring',
  DEPTID: '10000',
  DEPTID_DESCR: 'Registrar',
  CONTACT_ID: 'SCE0005',
  CONTACT: 'Davis,Paul',
  ...Object.fromEntries(
    Object.entries(over).filter((e): e is [string, string] => e[1] !== undefined),
  ),
});

/**
 * Integration Broker's error document (`IBResponse type="error"`), as the REST listening connector
 * answers a refused or failed request (PeopleTools Integration Broker); its text is never shown.
 */
export const ibErrorPage = (message: string) =>
  `<?xml version="1.0"?>\n<IBResponse type="error">\n<DefaultTitle>Integration Broker Response</DefaultTitle>\n<StatusCode>20</StatusCode>\n<MessageID>10</MessageID>\n<DefaultMessage><![CDATA[${message}]]></DefaultMessage>\n</IBResponse>\n`;

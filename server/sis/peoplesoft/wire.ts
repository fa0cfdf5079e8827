import { z } from 'zod';

/**
 * What the adapter reads off PeopleSoft Campus Solutions 9.2's delivered REST services, JSON form:
 * Integration Broker writes the response message's XML as JSON with every element an array (a
 * leaf is `["value"]`, a repeated row `[{…}, {…}]`), so each leaf is read as its first item. Only
 * the elements the portal uses are named: the rest of a campus's message is dropped. Sources, one
 * per message, beside each schema (the double, tests/fake-peoplesoft/, answers the same shapes).
 */

/** A leaf element: `["value"]`; absent or `[""]` is no value. */
export const leaf = z
  .array(z.union([z.string(), z.number()]))
  .max(1)
  .optional()
  .transform((v) => {
    const first = v?.[0];
    if (first === undefined) return null;
    const text = String(first).trim();
    return text === '' ? null : text;
  });

/** A repeated child element: its rows, none when absent. */
export const rows = <T extends z.ZodType>(row: T) => z.array(row).max(500).optional().default([]);

/**
 * SCC_GETCONST_R (REST service SCC_CONSTITUENT_R, "Get Constituent"): Oracle, Campus Solutions 9.2
 * PeopleBook "Using Entity Registry Based Constituent Web Service Operations"
 * https://docs.oracle.com/cd/F95826_01/cs92pbr32/eng/cs/lscc/UsingEntityRegistryBasedConstituentWebServiceOperations-057fff.html
 * Element names are the delivered record fields (NAMES, EMAIL_ADDRESSES, PERSONAL_PHONE, ADDRESSES).
 */
export const constituentSchema = z.object({
  SCC_GET_CONSTITUENT_RESP: z
    .array(
      z.object({
        CONSTITUENT: z
          .array(
            z.object({
              EMPLID: leaf,
              SEX: leaf,
              NAMES: rows(
                z.object({
                  NAME_TYPE: leaf,
                  NAME_DISPLAY: leaf,
                  FIRST_NAME: leaf,
                  LAST_NAME: leaf,
                }),
              ),
              EMAIL_ADDRESSES: rows(
                z.object({ E_ADDR_TYPE: leaf, EMAIL_ADDR: leaf, PREF_EMAIL_FLAG: leaf }),
              ),
              PERSONAL_PHONE: rows(
                z.object({ PHONE_TYPE: leaf, PHONE: leaf, PREF_PHONE_FLAG: leaf }),
              ),
              ADDRESSES: rows(
                z.object({
                  ADDRESS_TYPE: leaf,
                  ADDRESS1: leaf,
                  ADDRESS2: leaf,
                  CITY: leaf,
                  STATE: leaf,
                  POSTAL: leaf,
                }),
              ),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});
export type Constituent = z.infer<
  typeof constituentSchema
>['SCC_GET_CONSTITUENT_RESP'][number]['CONSTITUENT'][number];

/**
 * One CLASS_MEETING_PATTERN row (the delivered CLASS_MTG_PAT record's fields): MON … SUN `Y`/`N`,
 * MEETING_TIME_START/END (PeopleSoft times, campus wall clock), START_DT/END_DT, SSR_MTG_LOC_LONG
 * (the room's long description), SSR_INSTR_LONG (the instructors). Names as issue 91 lists them
 * for SSR_GET_ENROLLMENT_R; Oracle's response message page was not found in the searchable material,
 * so a campus checks them against its own message (docs/sis-peoplesoft.md).
 */
export const meetingPatternSchema = z.object({
  MON: leaf,
  TUES: leaf,
  WED: leaf,
  THURS: leaf,
  FRI: leaf,
  SAT: leaf,
  SUN: leaf,
  MEETING_TIME_START: leaf,
  MEETING_TIME_END: leaf,
  START_DT: leaf,
  END_DT: leaf,
  FACILITY_ID: leaf,
  SSR_MTG_LOC_LONG: leaf,
  SSR_INSTR_LONG: leaf,
});
export type MeetingPattern = z.infer<typeof meetingPatternSchema>;

/** One ENROLLMENT_DETAIL row (the STDNT_ENRL and CLASS_TBL fields it carries). */
export const enrollmentDetailSchema = z.object({
  CLASS_NBR: leaf,
  SUBJECT: leaf,
  SUBJECT_DESCR: leaf,
  CATALOG_NBR: leaf,
  CLASS_SECTION: leaf,
  COURSE_TITLE_LONG: leaf,
  DESCR: leaf,
  UNT_TAKEN: leaf,
  STDNT_ENRL_STATUS: leaf,
  SSR_COMPONENT: leaf,
  INSTRUCTION_MODE: leaf,
  CRSE_GRADE_OFF: leaf,
  GRADE_DT: leaf,
  ACAD_ORG: leaf,
  CLASS_MEETING_PATTERN: rows(meetingPatternSchema),
});
export type EnrollmentDetail = z.infer<typeof enrollmentDetailSchema>;

/** One SSR_ENRL_TERM row: the term (STRM, its dates), the term's and cumulative GPA, its classes. */
export const enrollmentTermSchema = z.object({
  STRM: leaf,
  DESCR: leaf,
  ACAD_CAREER: leaf,
  TERM_BEGIN_DT: leaf,
  TERM_END_DT: leaf,
  CUR_GPA: leaf,
  CUM_GPA: leaf,
  ENROLLMENT_DETAIL: rows(enrollmentDetailSchema),
});
export type EnrollmentTerm = z.infer<typeof enrollmentTermSchema>;

/** SSR_GET_ENROLLMENT_R's answer: the student's terms. */
export const enrollmentSchema = z.object({
  SSR_GET_ENROLLMENT_RESP: z.array(z.object({ SSR_ENRL_TERM: rows(enrollmentTermSchema) })).min(1),
});

/**
 * One SERVICE_INDICATOR row of SCC_GET_SERVICE_IND_RESP, element names from Oracle's published
 * example: Campus Solutions 9.2 PeopleBook "Describing the SOAP Output Message:
 * SCC_GET_SERVICE_IND_RESP",
 * https://docs.oracle.com/en/applications/peoplesoft/campus-solutions/9.2.038/campus-community-fundamentals/describing-soap-output-message-scc-get-service-ind-resp.html;
 * the REST operation SCC_GET_SERVICE_INDICATORS_R answers the same message ("Using the REST Get
 * Service Indicators Web Service Operation", same book). SRVC_IND_DTTM is written `08/26/2013 10:36:44.000000`
 * there; AMOUNT is not in the example and is read when a campus's message carries it.
 */
export const serviceIndicatorSchema = z.object({
  EMPLID: leaf,
  SRVC_IND_DTTM: leaf,
  SRVC_IND_ACTIVE_DT: leaf,
  SRVC_IND_CD: leaf,
  SRVC_IND_CD_DESCR: leaf,
  SRVC_IND_REASON: leaf,
  SRVC_IND_REASON_DESCR: leaf,
  SRVC_IND_ACT_TERM: leaf,
  DEPTID: leaf,
  DEPTID_DESCR: leaf,
  SCC_SI_END_DT: leaf,
  AMOUNT: leaf,
  SERVICE_IMPACTS: rows(z.object({ SERVICE_IMPACT: leaf, SERVICE_IMPACT_DESCR: leaf })),
});
export type ServiceIndicator = z.infer<typeof serviceIndicatorSchema>;

export const serviceIndicatorsSchema = z.object({
  SCC_GET_SERVICE_IND_RESP: z
    .array(z.object({ SERVICE_INDICATOR: rows(serviceIndicatorSchema) }))
    .min(1),
});

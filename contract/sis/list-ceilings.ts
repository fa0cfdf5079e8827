/**
 * Issue 87: the most items each list of the SIS's answer for one person holds (docs/sis-contract.md
 * "Ceilings"). Generous for a real record: past one, the adapters keep the first this many, in the
 * SIS's order, and log a warning (server/sis/list-cuts.ts); the answer never fails for it.
 */
export const SIS_LISTS_MAX = {
  /** A term's courses (`courses`; the attendance page's, read from them). */
  courses: 200,
  /** A term's class meetings (`schedule`): a course may meet at several times and places. */
  meetings: 400,
  /** Grades over the whole record (`grades`). */
  grades: 500,
  /** GPA records, one per level and kind (`gpa`). */
  gpaRecords: 50,
  /** Advisors (`advisor`). */
  advisors: 20,
  /** Holds (`holds`), and the processes one hold affects (`PROCESSAFFECTED`). */
  holds: 100,
  holdProcesses: 50,
  /** Nudges (`nudges`). */
  nudges: 50,
  /** Programs of study and pre-professional interests (`curriculum-info`). */
  curricula: 20,
  preProfessional: 20,
  /** Emergency contacts (`emergency-info`). */
  emergencyContacts: 20,
  /** Aid years (`financial-aid-info` `FINAID_DETAIL`). */
  aidYears: 50,
} as const;

/**
 * Issue 87: the most items each list of the SIS's answer for one person holds (docs/sis-contract.md
 * "Ceilings"). Generous for a real record: past one, the adapters keep the first this many, in the
 * SIS's order, and log a warning (server/sis/list-cuts.ts); the answer never fails for it.
 */
// One constant each, so a browser's schema carries the number, not the whole table.
export const SIS_COURSES_MAX = 200;
export const SIS_MEETINGS_MAX = 400;
export const SIS_GRADES_MAX = 500;
export const SIS_GPA_RECORDS_MAX = 50;
export const SIS_ADVISORS_MAX = 20;
export const SIS_HOLDS_MAX = 100;
export const SIS_HOLD_PROCESSES_MAX = 50;
export const SIS_NUDGES_MAX = 50;
export const SIS_CURRICULA_MAX = 20;
export const SIS_PRE_PROFESSIONAL_MAX = 20;
export const SIS_EMERGENCY_CONTACTS_MAX = 20;
export const SIS_AID_YEARS_MAX = 50;
export const SIS_DEGREE_BLOCKS_MAX = 30;
export const SIS_DEGREE_RULES_MAX = 100;
export const SIS_DEGREE_COURSES_MAX = 200;
export const SIS_DEGREE_CHOICES_MAX = 100;

export const SIS_LISTS_MAX = {
  courses: SIS_COURSES_MAX,
  meetings: SIS_MEETINGS_MAX,
  grades: SIS_GRADES_MAX,
  gpaRecords: SIS_GPA_RECORDS_MAX,
  advisors: SIS_ADVISORS_MAX,
  holds: SIS_HOLDS_MAX,
  holdProcesses: SIS_HOLD_PROCESSES_MAX,
  nudges: SIS_NUDGES_MAX,
  curricula: SIS_CURRICULA_MAX,
  preProfessional: SIS_PRE_PROFESSIONAL_MAX,
  emergencyContacts: SIS_EMERGENCY_CONTACTS_MAX,
  aidYears: SIS_AID_YEARS_MAX,
  degreeBlocks: SIS_DEGREE_BLOCKS_MAX,
  degreeRules: SIS_DEGREE_RULES_MAX,
  degreeCourses: SIS_DEGREE_COURSES_MAX,
  degreeChoices: SIS_DEGREE_CHOICES_MAX,
} as const;

/**
 * The Ethos resources the adapter (`sis/ethos/`) reads and the major version of each (issue 58): the
 * versions the mapping was written against. A campus whose tenant offers another version names it
 * per resource in the campus configuration (`sis.ethos.versions`, checked against this table by
 * `campus-sis.ts`).
 */
export const ETHOS_VERSIONS = {
  persons: 12,
  'person-holds': 6,
  'person-hold-types': 6,
  'section-registrations': 16,
  'section-registration-statuses': 8,
  sections: 16,
  'instructional-events': 11,
  rooms: 10,
  buildings: 10,
  sites: 6,
  courses: 16,
  subjects: 6,
  'academic-periods': 16,
  'academic-levels': 6,
  'student-transcript-grades': 1,
  'grade-definitions': 6,
  'student-grade-point-averages': 1,
  'student-academic-programs': 17,
  'academic-programs': 15,
  'student-academic-standings': 8,
  'academic-standings': 6,
  'student-advisor-relationships': 10,
  'advisor-types': 6,
  'student-charges': 16,
  'student-payments': 16,
  'account-detail-reviews': 1,
} as const;

export type EthosResource = keyof typeof ETHOS_VERSIONS;
export const ethosResources = Object.keys(ETHOS_VERSIONS) as EthosResource[];

/**
 * The student's academic records, in the shapes Ellucian publishes: GPA, holds, advisors, standing
 * and programs. Sources, beside each shape: the generated Ethos SDK objects,
 * ellucian-developer/integration-sdk-java-objects (`J:` below, under com/ellucian/generated/eedm/)
 * and ellucian-developer/integration-sdk-csharp-objects (`C#:`, under Ellucian.Generated.Eedm/).
 * Grades: fixtures-transcript.ts; the account: fixtures-finance.ts.
 */
import { ID, extra } from './fixture-ids.js';

export function recordFixtures() {
  return {
    // J: academic_levels/v6_0/AcademicLevels.java (`code`, `title`)
    'academic-levels': [{ id: ID.ug, code: 'UG', title: 'Undergraduate', ...extra }],
    // J: student_grade_point_averages/v1_0_0/StudentGradePointAverages.java and Cumulative.java:
    // the level is each `cumulative` entry's `academicLevel`, with `academicSource` and `value`.
    'student-grade-point-averages': [
      {
        id: 'g0000000-0000-4000-8000-000000000001',
        student: { id: ID.student },
        cumulative: [
          { academicSource: 'institution', academicLevel: { id: ID.ug }, value: 3.1 },
          { academicSource: 'all', academicLevel: { id: ID.ug }, value: 3.42 },
        ],
        ...extra,
      },
    ],
    // J: person_hold_types/v6_0/PersonHoldTypes.java (`code`, `title`, `category`)
    'person-hold-types': [
      {
        id: 'h0000000-0000-4000-8000-000000000001',
        code: 'AR',
        title: 'Past-due balance',
        category: 'financial',
        ...extra,
      },
      {
        id: 'h0000000-0000-4000-8000-000000000002',
        code: 'AD',
        title: 'See your advisor',
        category: 'academic',
        ...extra,
      },
    ],
    // J: person_holds/v6_0/PersonHolds.java (`person`, `type {category, detail}`, `startOn`,
    // `endOn`, `comment`)
    'person-holds': [
      {
        id: ID.financialHold,
        person: { id: ID.student },
        type: { category: 'financial', detail: { id: 'h0000000-0000-4000-8000-000000000001' } },
        startOn: '2026-10-01T00:00:00Z',
        comment: 'Balance over 90 days',
        ...extra,
      },
      {
        id: 'f0000000-0000-4000-8000-000000000002',
        person: { id: ID.student },
        type: { category: 'academic', detail: { id: 'h0000000-0000-4000-8000-000000000002' } },
        startOn: '2026-01-01T00:00:00Z',
        endOn: '2026-03-01T00:00:00Z',
        ...extra,
      },
    ],
    // J: advisor_types/v8_0/AdvisorTypes.java (`code`, `title`)
    'advisor-types': [{ id: ID.advisorType, code: 'MAJR', title: 'Major advisor', ...extra }],
    // student-advisor-relationships v10: `assignedPriority` is the string enum
    // StudentAdvisorRelationshipsAssignedPriority, serialised by a StringEnumConverter as
    // "primary", its only value; its default (NotSet) is omitted (DefaultValueHandling.Ignore), so
    // a relationship that is not the primary one has no `assignedPriority`; `startOn`/`endOn` are
    // dates (DateOnlyConverter). C#: StudentAdvisorRelationships_V10_0.cs and
    // EnumProperties/StudentAdvisorRelationshipsAssignedPriority.cs.
    'student-advisor-relationships': [
      {
        id: 'sa000000-0000-4000-8000-000000000001',
        student: { id: ID.student },
        advisor: { id: ID.advisor },
        advisorType: { id: ID.advisorType },
        assignedPriority: 'primary',
        startAcademicPeriod: { id: ID.fall },
        startOn: '2026-09-01',
        ...extra,
      },
      {
        id: 'sa000000-0000-4000-8000-000000000002',
        student: { id: ID.student },
        advisor: { id: ID.pastAdvisor },
        advisorType: { id: ID.advisorType },
        startAcademicPeriod: { id: ID.lastSpring },
        startOn: '2025-09-01',
        endOn: '2026-06-15',
        ...extra,
      },
    ],
    // J: academic_standings/v8_0/AcademicStandings.java (`code`, `title`)
    'academic-standings': [{ id: ID.standing, code: 'GS', title: 'Good Standing', ...extra }],
    // J: student_academic_standings/v8_0/StudentAcademicStandings.java (`standing`,
    // `academicPeriod`, `type`)
    'student-academic-standings': [
      {
        id: 'ss000000-0000-4000-8000-000000000001',
        student: { id: ID.student },
        standing: { id: ID.standing },
        academicPeriod: { id: ID.fall },
        type: 'academic',
        ...extra,
      },
    ],
    // J: academic_programs/v15_0/AcademicPrograms.java (`code`, `title`)
    'academic-programs': [
      { id: ID.program, code: 'CS-BS', title: 'Computer Science, BS', ...extra },
    ],
    // J: student_academic_programs/v17_0_0/StudentAcademicPrograms.java (`program`,
    // `academicLevel`, `catalog`, `startOn`, `enrollmentStatus`)
    'student-academic-programs': [
      {
        id: 'sp000000-0000-4000-8000-000000000001',
        student: { id: ID.student },
        program: { id: ID.program },
        academicLevel: { id: ID.ug },
        catalog: { id: ID.fall },
        startOn: '2025-09-01',
        enrollmentStatus: { status: 'active' },
        ...extra,
      },
    ],
  };
}

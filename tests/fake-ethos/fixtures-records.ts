import { ID, course, extra, grade, section } from './fixture-ids.js';

/** The student's academic and financial records: grades, GPA, holds, advisor, standing, programs, balance. */
export function recordFixtures() {
  return {
    'grade-definitions': [
      { id: grade('A'), grade: { type: 'letter', value: 'A' }, ...extra },
      { id: grade('B+'), grade: { type: 'letter', value: 'B+' }, ...extra },
    ],
    'student-transcript-grades': [
      // One names its course through the section, the other by the course itself.
      {
        id: 'tg000000-0000-4000-8000-000000000001',
        student: { id: ID.student },
        course: { section: { id: section('math') } },
        grade: { id: grade('A') },
        gradeDate: '2026-12-15',
        ...extra,
      },
      {
        id: 'tg000000-0000-4000-8000-000000000002',
        student: { id: ID.student },
        course: { id: course('cs') },
        grade: { id: grade('B+') },
        gradeDate: '2026-12-16',
        ...extra,
      },
    ],
    'academic-levels': [{ id: ID.ug, code: 'UG', title: 'Undergraduate', ...extra }],
    'student-grade-point-averages': [
      {
        id: 'g0000000-0000-4000-8000-000000000001',
        student: { id: ID.student },
        academicLevel: { id: ID.ug },
        cumulative: [
          { academicSource: 'institution', value: 3.1 },
          { academicSource: 'all', value: 3.42 },
        ],
        ...extra,
      },
    ],
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
    'advisor-types': [{ id: ID.advisorType, code: 'MAJR', title: 'Major advisor', ...extra }],
    'student-advisor-relationships': [
      {
        id: 'sa000000-0000-4000-8000-000000000001',
        student: { id: ID.student },
        advisor: { id: ID.advisor },
        advisorType: { id: ID.advisorType },
        assignedPriority: 1,
        startAcademicPeriod: { id: ID.fall },
        startOn: '2026-09-01',
        ...extra,
      },
    ],
    'academic-standings': [{ id: ID.standing, code: 'GS', title: 'Good Standing', ...extra }],
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
    'academic-programs': [
      { id: ID.program, code: 'CS-BS', title: 'Computer Science, BS', ...extra },
    ],
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
    'account-detail-reviews': [
      {
        id: 'ar000000-0000-4000-8000-000000000001',
        person: { id: ID.student },
        balance: { value: 1250.5, currency: 'USD' },
        ...extra,
      },
    ],
    'student-charges': [
      {
        id: 'ch000000-0000-4000-8000-000000000001',
        person: { id: ID.student },
        chargedAmount: { amount: { value: 3000, currency: 'USD' } },
        ...extra,
      },
    ],
    'student-payments': [
      {
        id: 'pa000000-0000-4000-8000-000000000001',
        person: { id: ID.student },
        amount: { value: 1749.5, currency: 'USD' },
        ...extra,
      },
    ],
  };
}

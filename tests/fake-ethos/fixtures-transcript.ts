/**
 * The student's transcript, in the shapes Ellucian publishes (each shape's source beside it): this
 * term's grades and last term's (Spring 2026), whose sections the student holds no registration of
 * any more, as a tenant keeps past terms: the grades are the only record of them.
 */
import { ID, course, extra, grade, section, subject } from './fixture-ids.js';

/** Last term's classes (subjects this term's share): one graded through its section, one through its course and term. */
const past = [
  { key: 'mth111' as const, subject: 'math' as const, no: '111', title: 'Precalculus' },
  {
    key: 'wr115' as const,
    subject: 'wr' as const,
    no: '115',
    title: 'Introduction to College Writing',
  },
];

export function transcriptFixtures() {
  return {
    // academic-periods v16.0.0 (`code`, `title`, `startOn`, `endOn`, `category.type`):
    // ellucian-developer/integration-sdk-java-objects,
    // com/ellucian/generated/eedm/academic_periods/v16_0_0/AcademicPeriods.java
    lastTerm: {
      id: ID.lastSpring,
      code: '202520',
      title: 'Spring 2026',
      startOn: '2026-01-12T00:00:00Z',
      endOn: '2026-05-08T00:00:00Z',
      category: { type: 'term' },
      ...extra,
    },
    // courses v16.0.0 (`titles[].value`, `subject.id`, `number`):
    // com/ellucian/generated/eedm/courses/v16_0_0/Courses.java
    courses: past.map((c) => ({
      id: course(c.key),
      titles: [{ type: { id: 'x' }, value: c.title }],
      subject: { id: subject(c.subject) },
      number: c.no,
      ...extra,
    })),
    // sections v16.0.0 (`code`, `number`, `titles`, `course.id`, `academicPeriod.id`, `startOn`,
    // `endOn`, `credits`): com/ellucian/generated/eedm/sections/v16_0_0/Sections.java
    sections: past.map((c, i) => ({
      id: section(c.key),
      code: `2${i}511`,
      number: '001',
      titles: [],
      course: { id: course(c.key) },
      academicPeriod: { id: ID.lastSpring },
      startOn: '2026-01-12',
      endOn: '2026-05-08',
      credits: [{ creditCategory: { creditType: 'institution' }, measure: 'credit', minimum: 4 }],
      ...extra,
    })),
    // grade-definitions v6 (`grade.value`, `scheme`):
    // com/ellucian/generated/eedm/grade_definitions/v6_0/GradeDefinitions.java
    'grade-definitions': (['A', 'B+', 'A-'] as const).map((value) => ({
      id: grade(value),
      scheme: { id: 'gs000000-0000-4000-8000-000000000001' },
      grade: { type: 'letter', value },
      ...extra,
    })),
    'student-transcript-grades': [
      // student-transcript-grades v1.0.0: `student.id`, `course.section.id` (the only way v1.0.0
      // names the course, and required), `grade.id`, `awardGradeScheme.id`, `credit`,
      // `recordedOn` (a date-time); no academic period:
      // ellucian-developer/integration-sdk-csharp-objects,
      // Ellucian.Generated.Eedm/StudentTranscriptGrades_V1_0_0.cs
      transcriptGrade('01', 'math', 'A', '2026-12-15T22:10:00Z'),
      transcriptGrade('02', 'cs', 'B+', '2026-12-16T18:00:00Z'),
      transcriptGrade('03', 'mth111', 'A-', '2026-05-14T21:30:00Z'),
      // v1.1.0 may name the course as `course.detail.id` with the grade's `academicPeriod.id`:
      // Ellucian.Generated.Eedm/StudentTranscriptGrades_V1_1_0.cs and
      // Ellucian.Generated.Eedm/DtoProperties/StudentTranscriptGradesCourseDtoProperty.cs
      {
        ...transcriptGrade('04', 'wr115', 'B+', '2026-05-15T17:00:00Z'),
        course: { detail: { id: course('wr115') } },
        academicPeriod: { id: ID.lastSpring },
      },
    ],
  };
}

function transcriptGrade(
  n: string,
  key: 'math' | 'cs' | 'mth111' | 'wr115',
  value: 'A' | 'B+' | 'A-',
  recordedOn: string,
) {
  return {
    id: `7c000000-0000-4000-8000-0000000000${n}`,
    student: { id: ID.student },
    course: { section: { id: section(key) } } as object,
    grade: { id: grade(value) },
    awardGradeScheme: { id: 'gs000000-0000-4000-8000-000000000001' },
    credit: { attemptedCredit: 4, earnedCredit: 4, repeatedSection: 'notRepeated' },
    recordedOn,
    ...extra,
  };
}

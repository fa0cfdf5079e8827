/**
 * The double's audits, in DegreeWorks' own form, built from the shapes student tools publish (the
 * sources are listed in server/sis/degreeworks/wire.ts, by their tags), never from the portal's
 * contract: every figure a string, as DegreeWorks writes it.
 *
 * - auditHeader: [GO] (`auditId`, `studentId`, `dateYear`…`timeMinute`, `percentComplete`,
 *   `residentApplied`, `transferApplied`, `examAppliedCredits`).
 * - blockArray: [AA] [AC] (`requirementType` DEGREE/MAJOR/MINOR/OTHER, `requirementValue`, `title`,
 *   `ruleArray`), [GO] (`percentComplete`, `catalogYear`, `catalogYearLit`, `creditsApplied`,
 *   `header.qualifierArray[].credits`).
 * - rules: [AA] (`ruleType` Course/Group/IfStmt/Block/Complete, `requirement.classesBegin`,
 *   `creditsBegin`, `courseArray`, `numberOfGroups`, `ifPart`), [FO] (`classesAppliedToRule`,
 *   `inProgressIncomplete`), [GO] (`booleanEvaluation`).
 * - classInformation.classArray: [GO] (`id`, `courseTitle`, `term`, `inProgress`,
 *   `reasonInsufficient`), [TX] (`letterGrade` "IP").
 */

/** A plain JSON object, as the double edits it. */
export type Plain = Record<string, unknown>;

interface Taken {
  id: string;
  discipline: string;
  number: string;
  title: string;
  term: string;
  grade: string;
  credits?: string;
}

/** A class of the record (`classInformation.classArray`). */
export const recordClass = (c: Taken, extra: Plain = {}): Plain => ({
  id: c.id,
  discipline: c.discipline,
  number: c.number,
  courseTitle: c.title,
  term: c.term,
  credits: c.credits ?? '4',
  letterGrade: c.grade,
  inProgress: c.grade === 'IP' ? 'Y' : 'N',
  ...extra,
});

/** The same class as a rule lists it (`classesAppliedToRule.classArray`). */
const applied = (c: Taken): Plain => ({
  id: c.id,
  discipline: c.discipline,
  number: c.number,
  credits: c.credits ?? '4',
  letterGrade: c.grade,
  inProgress: c.grade === 'IP' ? 'Y' : 'N',
});

const courses = (...names: string[]) =>
  names.map((n) => {
    const [discipline = '', number = ''] = n.split(' ');
    return { discipline, number };
  });

const courseRule = (
  label: string,
  percent: string,
  need: Plain,
  taken: Taken[] = [],
  extra: Plain = {},
): Plain => ({
  label,
  ruleType: 'Course',
  percentComplete: percent,
  requirement: need,
  ...(taken.length ? { classesAppliedToRule: { classArray: taken.map(applied) } } : {}),
  ...extra,
});

/** The sample student's classes (STUDENT_ID 900000001, server/sis/fixtures/student.ts). */
const BI101: Taken = {
  id: 'C1',
  discipline: 'BI',
  number: '101',
  title: 'General Biology',
  term: '202602',
  grade: 'A',
};
const WR121: Taken = {
  id: 'C2',
  discipline: 'WR',
  number: '121',
  title: 'College Writing',
  term: '202604',
  grade: 'IP',
};
const CS161: Taken = {
  id: 'C3',
  discipline: 'CS',
  number: '161',
  title: 'Introduction to Programming',
  term: '202601',
  grade: 'A-',
};
const CS162: Taken = {
  id: 'C4',
  discipline: 'CS',
  number: '162',
  title: 'Data Structures',
  term: '202604',
  grade: 'IP',
};
const MTH251: Taken = {
  id: 'C5',
  discipline: 'MTH',
  number: '251',
  title: 'Calculus I',
  term: '202602',
  grade: 'B+',
};
const PE101: Taken = {
  id: 'C6',
  discipline: 'PE',
  number: '101',
  title: 'Rock Climbing',
  term: '202603',
  grade: 'A',
  credits: '1',
};
const MTH111: Taken = {
  id: 'C7',
  discipline: 'MTH',
  number: '111',
  title: 'College Algebra',
  term: '202601',
  grade: 'D',
};

/** The sample student's audit: a degree, University Studies, a major and a minor, two set aside. */
export function studentAudit(): Plain {
  return {
    auditHeader: {
      auditId: 'AA000123',
      studentId: '900000001',
      auditType: 'AA',
      dateYear: '2026',
      dateMonth: '11',
      dateDay: '28',
      timeHour: '14',
      timeMinute: '05',
      percentComplete: '38',
      residentApplied: '77',
      transferApplied: '4',
      examAppliedCredits: '0',
    },
    degreeInformation: {
      degreeDataArray: [{ degreeLiteral: 'Bachelor of Science', catalogYearLit: '2025-2026' }],
    },
    blockArray: [
      {
        requirementType: 'DEGREE',
        requirementValue: 'BS',
        title: 'Bachelor of Science',
        percentComplete: '40',
        catalogYear: '20252026',
        catalogYearLit: '2025-2026',
        creditsApplied: '81',
        header: { qualifierArray: [{ name: 'CREDITS', credits: '180' }] },
        ruleArray: [
          {
            label: 'Major in Computer Science',
            ruleType: 'Block',
            percentComplete: '35',
            requirement: { numBlocks: '1', type: 'MAJOR', value: 'CS' },
          },
          { label: 'Institutional GPA of 2.00', ruleType: 'Complete', percentComplete: '100' },
        ],
      },
      {
        requirementType: 'OTHER',
        requirementValue: 'USTUDIES',
        title: 'University Studies',
        percentComplete: '60',
        ruleArray: [
          courseRule('Science', '100', { classesBegin: '1', courseArray: courses('BI 101') }, [
            BI101,
          ]),
          courseRule(
            'Writing',
            '98',
            { classesBegin: '1', courseArray: courses('WR 121') },
            [WR121],
            { inProgressIncomplete: 'Yes' },
          ),
          {
            label: 'Arts and letters',
            ruleType: 'Group',
            percentComplete: '0',
            requirement: { numberOfGroups: '1', numberOfRules: '1' },
            ruleArray: [
              courseRule('Two classes', '0', {
                classesBegin: '2',
                courseArray: [
                  ...courses('ART 101', 'ENG 104', 'MUS 105', 'PHL 201'),
                  { discipline: 'HST', number: '101', hideFromAdvice: 'Yes' },
                  { discipline: '@', number: '@' },
                ],
              }),
            ],
          },
        ],
      },
      {
        requirementType: 'MAJOR',
        requirementValue: 'CS',
        title: 'Computer Science',
        percentComplete: '35',
        ruleArray: [
          courseRule(
            'Introductory programming',
            '50',
            { classesBegin: '2', courseArray: courses('CS 161', 'CS 162') },
            [CS161, CS162],
          ),
          {
            label: 'Upper division',
            ruleType: 'IfStmt',
            booleanEvaluation: 'True',
            requirement: {
              ifPart: {
                ruleArray: [
                  courseRule('Upper-division electives', '0', {
                    creditsBegin: '12',
                    courseArray: [{ discipline: 'CS', number: '300', numberEnd: '499' }],
                  }),
                ],
              },
              elsePart: {
                ruleArray: [
                  courseRule('Capstone', '0', {
                    classesBegin: '1',
                    courseArray: courses('CS 469'),
                  }),
                ],
              },
            },
          },
        ],
      },
      {
        requirementType: 'MINOR',
        requirementValue: 'MTH',
        title: 'Mathematics',
        percentComplete: '50',
        ruleArray: [
          courseRule(
            'Calculus',
            '50',
            { classesBegin: '2', courseArray: courses('MTH 251', 'MTH 252') },
            [MTH251],
          ),
        ],
      },
    ],
    classInformation: {
      classArray: [
        recordClass(BI101),
        recordClass(WR121),
        recordClass(CS161),
        recordClass(CS162),
        recordClass(MTH251),
        recordClass(PE101),
        recordClass(MTH111, { reasonInsufficient: 'Grade below the minimum' }),
      ],
    },
  };
}

/** The ids the double knows: the sample student's STUDENT_ID. */
export const STUDENT_ID = '900000001';

import type { CampusSis } from '../../config/campus-sis.js';
import type { Grade } from '../../../contract/sis/courses.schema.js';
import type { Advisor } from '../../../contract/sis/advisors.schema.js';
import type { CurriculumInfo, Standing } from '../../../contract/sis/academics.schema.js';
import type { GpaRecord } from '../../../contract/sis/gpa.schema.js';
import { campusDate } from '../../time.js';
import type { EthosClient } from './client.js';
import type { Owners } from './owners.js';
import { EthosError } from './wire.js';
import type { CodeTables } from './code-tables.js';
import {
  advisorRelationshipSchema,
  gpaEntrySchema,
  personSchema,
  standingSchema,
  studentProgramSchema,
  transcriptGradeSchema,
} from './models.js';
import type { AcademicPeriod, EthosPerson, TranscriptGrade } from './models.js';
import type { RegisteredClass, Schedules } from './schedule.js';
import { currentTerm, dateOf, termCodeOf } from './terms.js';

export interface RecordContext {
  client: EthosClient;
  tables: CodeTables;
  campusSis: Pick<CampusSis, 'ethos'>;
  zone: string;
  now: () => Date;
  /** Who each record resource read belongs to (a deleted one's notification names nobody). */
  owners: Owners;
}

/** `GG`/`UG` from an Ethos academic level's code (`GR`, `UG`, `GRAD`, `UNDG` …). */
const levelCode = (code: string | undefined): 'GR' | 'UG' =>
  code && /^G/i.test(code) ? 'GR' : 'UG';

export const inForce = (today: string, startOn: string | undefined, endOn: string | undefined) =>
  (!startOn || dateOf(startOn) <= today) && (!endOn || dateOf(endOn) >= today);

/** A class as a grade row names it; `key` is its section's GUID (a course's, named without one). */
interface GradedClass {
  key: string;
  title: string;
  courseNumber: string;
  subject: { abbreviation: string };
  registrationNumber: string;
}

const asGraded = (c: Omit<RegisteredClass, 'events'>): GradedClass => ({
  key: c.section.id,
  title: c.title,
  courseNumber: c.courseNumber,
  subject: c.subject,
  registrationNumber: c.section.code ?? c.section.number,
});

/** The class a transcript grade names, if it is of the term: by its section, else by its course. */
async function gradedClass(
  ctx: RecordContext,
  schedules: Schedules,
  grade: TranscriptGrade,
  classes: RegisteredClass[],
  period: AcademicPeriod,
): Promise<GradedClass | null> {
  if (grade.academicPeriod && grade.academicPeriod.id !== period.id) return null;
  const sectionId = grade.course?.section?.id;
  if (sectionId !== undefined) {
    const registered = classes.find((c) => c.section.id === sectionId);
    if (registered) return asGraded(registered);
    // A section Ethos no longer has (404) leaves its grade out rather than fail every term's grades.
    const section = await schedules.section(sectionId).catch((err: unknown) => {
      if (err instanceof EthosError && err.status === 404) return null;
      throw err;
    });
    if (!section) return null;
    return section.academicPeriod.id === period.id
      ? asGraded(await schedules.named(section))
      : null;
  }
  // v1.1.0 may name the course alone, with the grade's academic period.
  const courseId = grade.course?.detail?.id ?? grade.course?.id;
  if (courseId === undefined) return null;
  const registered = classes.find((c) => c.section.course.id === courseId);
  if (registered) return asGraded(registered);
  if (!grade.academicPeriod) return null;
  const course = await schedules.course(courseId);
  const subject = await ctx.tables.subjects.one(course.subject);
  return {
    key: courseId,
    title: course.title,
    courseNumber: course.number,
    subject: { abbreviation: subject?.abbreviation ?? '' },
    registrationNumber: '',
  };
}

/**
 * grades: the term's grades read from the person's transcript grades themselves (a past term's
 * grades outlive its registrations): each grade's section (`course.section.id`) → its term, course
 * title, subject and number; then the term's registered classes not graded yet, without a grade.
 */
export async function gradesOf(
  ctx: RecordContext,
  schedules: Schedules,
  person: EthosPerson,
  classes: RegisteredClass[],
  period: AcademicPeriod,
): Promise<Grade[]> {
  const grades = await ctx.client.list('student-transcript-grades', transcriptGradeSchema, {
    criteria: { student: { id: person.id } },
  });
  const term = termCodeOf(period);
  const named = await Promise.all(
    grades.map((g) => gradedClass(ctx, schedules, g, classes, period)),
  );
  const row = async (c: GradedClass, grade: TranscriptGrade | undefined): Promise<Grade> => {
    const gradeId = grade?.grade?.id ?? grade?.transcriptGrade?.grade?.id;
    const definition = await ctx.tables.grades.one(gradeId);
    const date = grade?.recordedOn ?? grade?.gradeDate;
    return {
      SUBJECTCODE: c.subject.abbreviation,
      COURSENUMBER: c.courseNumber,
      COURSETITLE: c.title,
      COURSEREGISTRATIONNUMBER: c.registrationNumber,
      TERMCODE: term,
      FINALGRADE: definition?.grade.value ?? null,
      GRADEDATE: date ? dateOf(date) : null,
    };
  };
  const out: Grade[] = [];
  const graded = new Set<string>();
  for (const [i, c] of named.entries()) {
    if (!c || graded.has(c.key)) continue;
    graded.add(c.key);
    out.push(await row(c, grades[i]));
  }
  for (const c of classes.filter((k) => !graded.has(k.section.id))) {
    out.push(await row(asGraded(c), undefined));
  }
  return out;
}

/** gpa: the cumulative GPA whose `academicSource` is `all` (not merely the first entry), per level. */
export async function gpaOf(ctx: RecordContext, person: EthosPerson): Promise<GpaRecord[]> {
  const entries = await ctx.client.list('student-grade-point-averages', gpaEntrySchema, {
    criteria: { student: { id: person.id } },
  });
  const out: GpaRecord[] = [];
  for (const entry of entries) {
    const all = entry.cumulative.find((c) => c.academicSource === 'all');
    const value = all?.value ?? all?.gradePointAverage;
    if (value === undefined) continue;
    const level = await ctx.tables.levels.one(all?.academicLevel?.id ?? entry.academicLevel?.id);
    out.push({ GPATYPEINDICATOR: 'O', LEVELCODE: levelCode(level?.code), GPA: value });
  }
  return out;
}

const nameOf = (p: EthosPerson) =>
  (p.names.find((n) => n.preference === 'preferred') ?? p.names[0])?.fullName ?? '';
const emailOf = (p: EthosPerson) =>
  (p.emails.find((e) => e.preference === 'primary') ?? p.emails[0])?.address ?? null;

/**
 * advisor: the current relationships, the primary one marked: the one whose `assignedPriority` is
 * `"primary"` (a string enum in Ethos's published model), else the first.
 */
export async function advisorsOf(ctx: RecordContext, person: EthosPerson): Promise<Advisor[]> {
  const today = campusDate(ctx.now(), ctx.zone);
  const relations = (
    await ctx.client.list('student-advisor-relationships', advisorRelationshipSchema, {
      criteria: { student: { id: person.id } },
    })
  ).filter((r) => inForce(today, r.startOn, r.endOn));
  const primary = relations.find((r) => r.assignedPriority === 'primary') ?? relations[0];
  const periods = await ctx.tables.periods.all();
  const current = currentTerm(periods, ctx.now(), ctx.zone);
  return Promise.all(
    relations.map(async (r) => {
      const advisor = await ctx.client.get('persons', r.advisor.id, personSchema);
      const type = await ctx.tables.advisorTypes.one(r.advisorType?.id);
      const start = periods.get(r.startAcademicPeriod?.id ?? '') ?? current;
      if (!start) throw new EthosError('academic-periods', null, 'no term on record');
      return {
        ADV_NAME: nameOf(advisor),
        ADV_EMAIL_ADDRESS: emailOf(advisor),
        ADV_TERM_EFF: termCodeOf(start),
        ADV_CODE: type?.code ?? 'ADV',
        ADV_CODE_DESC: type?.title ?? 'Advisor',
        ADV_PRIM: r === primary ? 'Y' : 'N',
        ADV_PHOTO: null,
      };
    }),
  );
}

/** standing: the latest academic standing's title; class standing is not an Ethos model. */
export async function standingOf(ctx: RecordContext, person: EthosPerson): Promise<Standing> {
  const standings = await ctx.client.list('student-academic-standings', standingSchema, {
    criteria: { student: { id: person.id } },
  });
  const latest = standings.at(-1);
  const definition = await ctx.tables.standings.one(latest?.standing?.id);
  return { message: definition?.title ?? null, class_standing: null };
}

/** curriculum-info: the person's programs in force, each as a major. */
export async function curriculumOf(
  ctx: RecordContext,
  person: EthosPerson,
): Promise<CurriculumInfo> {
  const today = campusDate(ctx.now(), ctx.zone);
  const programs = (
    await ctx.client.list('student-academic-programs', studentProgramSchema, {
      criteria: { student: { id: person.id } },
    })
  ).filter((p) => inForce(today, p.startOn, p.endOn));
  const periods = await ctx.tables.periods.all();
  const current = currentTerm(periods, ctx.now(), ctx.zone);
  if (!current) return { curricula: [], pre_prof: [], expected_graduation: null };
  const curricula = await Promise.all(
    programs.map(async (p, index) => {
      const program = await ctx.tables.programs.one(p.program.id);
      const level = await ctx.tables.levels.one(p.academicLevel?.id);
      const catalog = periods.get(p.catalog?.id ?? '') ?? current;
      return {
        CUR_PRIORITY: index + 1,
        FOS_PRIORITY: 1,
        FOS_CODE: 'MAJOR' as const,
        FOS: program?.code ?? '',
        FOS_DESC: program?.title ?? '',
        DEGREE_DESC: null,
        CATALOG_TERM: termCodeOf(catalog),
        EXPECTED_GRAD_TERM: null,
        COLLEGE: '',
        DEPARTMENT: null,
        ADMITLEVEL: level?.title ?? '',
        LEVL: level?.title ?? '',
        LEVL_CODE: levelCode(level?.code),
        RESIDENCY_STATUS: null,
        STUDENT_STATUS: p.enrollmentStatus?.status ?? '',
        STUDENT_TYPE: '',
        TERM_EFF_CODE: termCodeOf(catalog),
      };
    }),
  );
  return { curricula, pre_prof: [], expected_graduation: null };
}

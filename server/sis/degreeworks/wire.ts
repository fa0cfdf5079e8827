import { z } from 'zod';

/**
 * What the portal reads of DegreeWorks' audit answer (the Responsive Dashboard's
 * `GET <api>/audit?studentId=…&school=…&degree=…`), only the fields used: unknown fields are dropped.
 * Ellucian publishes no schema of it; these shapes follow the public tools students wrote against
 * it, each cited beside the shape it gave:
 *
 * - [AA] `icssc/anteater-api:apps/data-pipeline/degreeworks-scraper/src/types.ts`: the rule types
 *   (Group `numberOfGroups`/`numberOfRules`, Course `classesBegin`/`creditsBegin`/`courseArray`,
 *   IfStmt `ifPart`/`elsePart`, Block, Noncourse, Complete/Incomplete, Subset) and a block's
 *   `requirementType`/`requirementValue`/`title`/`ruleArray`.
 * - [AC] `icssc/anteater-api:apps/data-pipeline/degreeworks-scraper/src/components/DegreeworksClient.ts`:
 *   the audit's path and its `studentId`, `school`, `degree` parameters; blocks by `requirementType`
 *   (DEGREE, MAJOR, MINOR, OTHER…).
 * - [GO] a Go client's `Audit` struct (the code index's file 30744188265, found with `find_string`
 *   "degreeworksGpa"): `auditHeader` (`auditId`, `studentId`, `dateYear`/`dateMonth`/`dateDay`,
 *   `timeHour`/`timeMinute`, `percentComplete`, `residentApplied`, `transferApplied`,
 *   `examAppliedCredits`), a block's `percentComplete`, `catalogYear`, `catalogYearLit`,
 *   `creditsApplied`, `header.qualifierArray` (`name`, `credits`), and `classInformation.classArray`
 *   (`discipline`, `number`, `credits`, `letterGrade`, `id`, `courseTitle`, `term`, `inProgress`,
 *   `reasonInsufficient`, `forceInsufficient`, `forceToFallthrough`). Every figure is a string.
 * - [TX] a browser extension's audit reader (file 52233258305, `find_string` "classesAppliedToRule"):
 *   `classInformation.classArray[].letterGrade` "IP" for a class in progress, `courseTitle`,
 *   `ruleType`, `requirement.courseArray` with `hideFromAdvice` and the "@" wildcard, the Responsive
 *   Dashboard's `…/api/audit?studentId=&school=&degree=` path.
 * - [FO] an audit renderer (file 70422976021, same search): `classesAppliedToRule.classArray`
 *   (`discipline`, `number`, `letterGrade`), `inProgressIncomplete` "Yes", `numberEnd`.
 * - [DI] an audit summariser (file 52659709818, `find_string` "degreeworksGpa"):
 *   `degreeInformation.degreeDataArray[].catalogYearLit`.
 * - [KS] a desktop app's audit reader (file 69618788459, `find_string` "api/students/myself"): the
 *   student's own session reads `<api>/students/myself` first, `_embedded.students[0]` with `id`
 *   and `goals[0]` (`school.key`, `degree.key`, `catalogYear`), then the audit by that `studentId`,
 *   `school` and `degree`.
 * - [CH] a campus's audit scraper (file 19220721052, same search): `_embedded.students[0].id`,
 *   `goals[0].school.key` and `goals[0].degree.key`, read the same way.
 */

/** The ceilings of each list read (the wire's own; the contract's are cut apart, list-cuts.ts). */
export const DW_BLOCKS_MAX = 60;
export const DW_RULES_MAX = 200;
export const DW_CLASSES_MAX = 400;
export const DW_COURSES_MAX = 300;
/** How deep rules may nest (Group in IfStmt in Group…) before the answer is refused. */
export const DW_RULE_DEPTH_MAX = 8;

/** A figure as DegreeWorks writes it: a string ("4", "3.5", ""), a number now and then. [GO] */
const figure = z
  .union([z.string().max(20), z.number()])
  .transform((v) => (typeof v === 'number' ? v : v.trim() === '' ? null : Number(v)))
  .refine((v) => v === null || Number.isFinite(v), 'must be a number')
  .optional();
const text = z.string().max(500).optional();

/** A course a rule names: "CS 3358", a range to `numberEnd`, "@" any. [AA] [TX] [FO] */
const courseSchema = z.object({
  discipline: z.string().max(20),
  number: z.string().max(20),
  numberEnd: text,
  hideFromAdvice: text,
});

/** A class applied to a rule, as `classesAppliedToRule.classArray` lists it. [FO] [GO] */
const appliedSchema = z.object({
  id: text,
  discipline: z.string().max(20),
  number: z.string().max(20),
  credits: figure,
  letterGrade: text,
  courseTitle: text,
  term: text,
  inProgress: text,
});
export type DwAppliedClass = z.infer<typeof appliedSchema>;

/** A class of the student's record, `classInformation.classArray`. [GO] [TX] */
const classSchema = appliedSchema.extend({
  reasonInsufficient: text,
  forceInsufficient: text,
  forceToFallthrough: text,
});
export type DwClass = z.infer<typeof classSchema>;

/** One rule; its own `ruleArray` (Group, Subset) or `requirement.ifPart/elsePart` (IfStmt). [AA] */
export interface DwRule {
  label?: string | undefined;
  ruleType: string;
  percentComplete?: number | null | undefined;
  inProgressIncomplete?: string | undefined;
  booleanEvaluation?: string | undefined;
  requirement?:
    | {
        classesBegin?: number | null | undefined;
        creditsBegin?: number | null | undefined;
        numberOfGroups?: number | null | undefined;
        courseArray?: z.infer<typeof courseSchema>[] | undefined;
        ifPart?: { ruleArray?: DwRule[] | undefined } | undefined;
        elsePart?: { ruleArray?: DwRule[] | undefined } | undefined;
      }
    | undefined;
  classesAppliedToRule?: { classArray?: DwAppliedClass[] | undefined } | undefined;
  ruleArray?: DwRule[] | undefined;
}

const rulesSchema: z.ZodType<DwRule[] | undefined> = z.lazy(() =>
  z.array(ruleSchema).max(DW_RULES_MAX).optional(),
);

/** Block, Group, Course, Complete, Incomplete, Noncourse, IfStmt, Subset: [AA]'s rule types. */
const ruleSchema: z.ZodType<DwRule> = z.object({
  label: text,
  ruleType: z.string().max(40),
  percentComplete: figure,
  inProgressIncomplete: text,
  booleanEvaluation: text,
  requirement: z
    .object({
      classesBegin: figure,
      creditsBegin: figure,
      numberOfGroups: figure,
      courseArray: z.array(courseSchema).max(DW_COURSES_MAX).optional(),
      ifPart: z.object({ ruleArray: rulesSchema }).optional(),
      elsePart: z.object({ ruleArray: rulesSchema }).optional(),
    })
    .optional(),
  classesAppliedToRule: z
    .object({ classArray: z.array(appliedSchema).max(DW_CLASSES_MAX).optional() })
    .optional(),
  ruleArray: rulesSchema,
});

/** A block of requirements (DEGREE, MAJOR, MINOR, OTHER…). [AA] [AC] [GO] */
const blockSchema = z.object({
  requirementType: z.string().max(40),
  requirementValue: text,
  title: z.string().max(500),
  percentComplete: figure,
  catalogYear: text,
  catalogYearLit: text,
  creditsApplied: figure,
  header: z
    .object({
      qualifierArray: z
        .array(z.object({ name: text, credits: figure }))
        .max(50)
        .optional(),
    })
    .optional(),
  ruleArray: z.array(ruleSchema).max(DW_RULES_MAX).default([]),
});
export type DwBlock = z.infer<typeof blockSchema>;

/** The audit answer. [GO] [DI] */
export const auditSchema = z.object({
  auditHeader: z.object({
    auditId: text,
    studentId: z.string().max(40),
    dateYear: z.string().regex(/^\d{4}$/),
    dateMonth: z.string().regex(/^\d{1,2}$/),
    dateDay: z.string().regex(/^\d{1,2}$/),
    timeHour: text,
    timeMinute: text,
    percentComplete: figure,
    residentApplied: figure,
    transferApplied: figure,
    examAppliedCredits: figure,
  }),
  blockArray: z.array(blockSchema).max(DW_BLOCKS_MAX),
  classInformation: z
    .object({ classArray: z.array(classSchema).max(DW_CLASSES_MAX).default([]) })
    .optional(),
  degreeInformation: z
    .object({
      degreeDataArray: z
        .array(z.object({ catalogYearLit: text, degreeLiteral: text }))
        .max(10)
        .optional(),
    })
    .optional(),
});
export type DwAudit = z.infer<typeof auditSchema>;

/** A goal's school or degree, by DegreeWorks' key (`UG`, `BS`). [KS] [CH] */
const keyed = z.object({ key: z.string().trim().min(1).max(40) });

/** The goals read of a student (a major, a second degree…): the first is the one audited. */
export const DW_GOALS_MAX = 20;

/**
 * `GET <api>/students/myself`: the student the session is for, and their goals. [KS] [CH]
 */
export const myselfSchema = z.object({
  _embedded: z.object({
    students: z
      .array(
        z.object({
          id: z.string().trim().min(1).max(40),
          goals: z
            .array(z.object({ school: keyed.optional(), degree: keyed.optional() }))
            .max(DW_GOALS_MAX)
            .default([]),
        }),
      )
      .min(1)
      .max(10),
  }),
});

/**
 * The Ethos models as the adapter reads them: only the fields the mapping uses. `z.object` drops the
 * rest, so a tenant's own fields (every campus adds some) neither fail a parse nor reach the cache.
 */
import { z } from 'zod';

const ref = z.object({ id: z.string().min(1).max(64) });
const text = z.string().max(2000);
const day = z.string().max(40);

export const personSchema = z.object({
  id: z.string(),
  names: z
    .array(
      z.object({
        type: z.object({ category: z.string().max(40).optional() }).optional(),
        preference: z.string().max(40).optional(),
        fullName: text.optional(),
        firstName: text.optional(),
        lastName: text.optional(),
      }),
    )
    .max(50)
    .default([]),
  credentials: z
    .array(z.object({ type: z.string().max(64), value: z.string().max(200) }))
    .max(50)
    .default([]),
  roles: z
    .array(z.object({ role: z.string().max(40), startOn: day.optional(), endOn: day.optional() }))
    .max(50)
    .default([]),
  emails: z
    .array(
      z.object({
        address: z.string().max(320),
        preference: z.string().max(40).optional(),
      }),
    )
    .max(50)
    .default([]),
  phones: z
    .array(z.object({ number: z.string().max(40), preference: z.string().max(40).optional() }))
    .max(50)
    .default([]),
  gender: z.string().max(40).optional(),
});
export type EthosPerson = z.infer<typeof personSchema>;

export const academicPeriodSchema = z.object({
  id: z.string(),
  code: z.string().max(40).optional(),
  title: text,
  startOn: day,
  endOn: day,
  category: z.object({ type: z.string().max(20) }),
});
export type AcademicPeriod = z.infer<typeof academicPeriodSchema>;

export const registrationSchema = z.object({
  id: z.string(),
  section: ref,
  status: z.object({ registrationStatus: z.string().max(40) }),
});

/** A section's registration as read by section: whose it is. */
export const registrantSchema = z.object({ id: z.string(), registrant: ref });

export const sectionSchema = z.object({
  id: z.string(),
  code: z.string().max(60).optional(),
  number: z.string().max(20),
  titles: z
    .array(z.object({ value: text }))
    .max(10)
    .default([]),
  course: ref,
  academicPeriod: ref,
  startOn: day,
  endOn: day.optional(),
  credits: z
    .array(z.object({ minimum: z.number().min(0).optional() }))
    .max(10)
    .default([]),
  instructionalMethods: z.array(ref).max(10).default([]),
  /** sections v16 `status.category`: open, closed, pending or cancelled. */
  status: z.object({ category: z.string().max(20) }).optional(),
});
export type Section = z.infer<typeof sectionSchema>;

export const courseSchema = z.object({
  id: z.string(),
  titles: z
    .array(z.object({ value: text }))
    .max(10)
    .default([]),
  subject: ref,
  number: z.string().max(20),
});

export const subjectSchema = z.object({
  id: z.string(),
  abbreviation: z.string().max(20),
  title: text,
});

const weekday = z.enum([
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
]);
export type Weekday = z.infer<typeof weekday>;

export const instructionalEventSchema = z.object({
  id: z.string(),
  section: ref,
  recurrence: z.object({
    timePeriod: z.object({ startOn: day, endOn: day }),
    repeatRule: z.object({
      type: z.string().max(20),
      daysOfWeek: z.array(weekday).max(7).default([]),
    }),
  }),
  locations: z
    .array(
      z.object({
        location: z.object({ type: z.string().max(40).optional(), room: ref.optional() }),
      }),
    )
    .max(20)
    .default([]),
});
export type InstructionalEvent = z.infer<typeof instructionalEventSchema>;

export const roomSchema = z.object({ id: z.string(), number: z.string().max(20), building: ref });

/**
 * student-transcript-grades v1: the course as `course.section.id` (v1.0.0, required), or as
 * `course.detail.id` with `academicPeriod` (v1.1.0); `grade.id`; `recordedOn`, a date-time.
 */
export const transcriptGradeSchema = z.object({
  id: z.string(),
  course: z
    .object({ id: z.string().optional(), section: ref.optional(), detail: ref.optional() })
    .optional(),
  academicPeriod: ref.optional(),
  grade: z.object({ id: z.string() }).optional(),
  // Some versions and tenants hold the grade under `transcriptGrade`.
  transcriptGrade: z.object({ grade: ref.optional() }).optional(),
  recordedOn: day.optional(),
  gradeDate: day.optional(),
});
export type TranscriptGrade = z.infer<typeof transcriptGradeSchema>;

export const gradeDefinitionSchema = z.object({
  id: z.string(),
  grade: z.object({ value: z.string().max(20) }),
});

/** student-grade-point-averages v1: the level is each `cumulative` entry's (`academicLevel`). */
export const gpaEntrySchema = z.object({
  academicLevel: ref.optional(),
  cumulative: z
    .array(
      z.object({
        academicSource: z.string().max(40),
        academicLevel: ref.optional(),
        value: z.number().min(0).max(5).optional(),
        gradePointAverage: z.number().min(0).max(5).optional(),
      }),
    )
    .max(20)
    .default([]),
});

export const academicLevelSchema = z.object({
  id: z.string(),
  code: z.string().max(20),
  title: text,
});

export const personHoldSchema = z.object({
  id: z.string(),
  type: z.object({ detail: ref.optional(), category: z.string().max(40).optional() }),
  startOn: day,
  endOn: day.optional(),
  comment: text.optional(),
});
export const holdTypeSchema = z.object({
  id: z.string(),
  code: z.string().max(20),
  title: text,
  category: z.string().max(40).optional(),
});

/**
 * student-advisor-relationships v10: `assignedPriority` is a string enum (`"primary"`, the only
 * value Ellucian publishes; a relationship that is not the primary one omits the field).
 */
export const advisorRelationshipSchema = z.object({
  id: z.string(),
  advisor: ref,
  advisorType: ref.optional(),
  assignedPriority: z.string().max(40).optional(),
  startAcademicPeriod: ref.optional(),
  startOn: day.optional(),
  endOn: day.optional(),
});
export const advisorTypeSchema = z.object({
  id: z.string(),
  code: z.string().max(20),
  title: text,
});

export const standingSchema = z.object({
  standing: ref.optional(),
  academicPeriod: ref.optional(),
  type: z.string().max(40).optional(),
});
export const standingDefinitionSchema = z.object({ id: z.string(), title: text });

export const studentProgramSchema = z.object({
  program: ref,
  academicLevel: ref.optional(),
  startOn: day.optional(),
  endOn: day.optional(),
  catalog: ref.optional(),
  enrollmentStatus: z.object({ status: z.string().max(40) }).optional(),
  expectedGraduationDate: day.optional(),
  preference: z.string().max(40).optional(),
});
export const programSchema = z.object({ id: z.string(), code: z.string().max(40), title: text });

const amount = z.object({ value: z.number(), currency: z.string().max(3).optional() });
/** student-charges and student-payments v16: the student is `student`, the amounts `{value, currency}`. */
export const chargeSchema = z.object({ chargedAmount: z.object({ amount: amount.optional() }) });
export const paymentSchema = z.object({ amount: amount.optional() });

const money = z.number().nullish();
const transactions = z
  .array(z.object({ chargeAmount: money, paymentAmount: money }))
  .max(5000)
  .optional();
const control = z
  .array(z.object({ accountBalance: money, amountDue: money }))
  .max(50)
  .optional();
/**
 * Banner's `account-detail-reviews` (a Business Process API, v1.0.0): the account's transactions
 * (`TBRACCD`) and its control record (`TBRACCD_CTRL`: `accountBalance`, `amountDue`). Ellucian's
 * Experience card reads the upper-case names, its generated SDK the lower-case ones: both are read.
 */
export const accountReviewSchema = z.object({
  TBRACCD: transactions,
  tbraccd: transactions,
  TBRACCD_CTRL: control,
  tbraccd_ctrl: control,
});

import { z } from 'zod';
import { countTextSchema, idTextSchema } from '../id.schema.js';
import { languageSchema } from '../language.schema.js';
import { pageSizeField } from '../page-size.schema.js';
import { exactlyOne, isoTimeSchema } from './common.schema.js';
import { USER_TASKS_MAX } from './limits.js';

/** next-steps.md §3 Task assignment: the nested task. Dates are ISO-8601 UTC or null. */
export const taskSchema = /* @__PURE__ */ z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.number().int(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  /**
   * The day (`YYYY-MM-DD`) of a date-only end, null for a timed one: `ends_on` is then the end of
   * that day on the campus clock, and the end is shown as the day, without a clock time.
   */
  ends_on_day: z.iso.date().nullable(),
  has_deadline: z.boolean(),
  is_important: z.boolean(),
  important_reason: z.string(),
  new_student_checklist: z.boolean(),
  checklist_rank: z.number().int().nullable(),
  action_date: z.string().nullable(),
  periodicity: z.string(),
  sort_by: z.enum(['START', 'END']),
  modality: z.enum(['ONLINE', 'IN_PERSON', 'HYBRID']),
  /**
   * The language of `title` and `description` when the portal knows it: a publisher's task (issue
   * 60) is `es` when its Spanish text was given for a Spanish reader, else `en`. Absent: the portal's.
   */
  lang: languageSchema.optional(),
});
export type Task = z.infer<typeof taskSchema>;

/**
 * Why the student's record completed a task (issue 74): the change kind (`hold-removed`) and, for a
 * hold's removal, the hold's office ("Completed: Registrar removed this hold"); without an office,
 * "Completed: your record changed". An advising campaign (issue 92) completed by an appointment:
 * `appointment-booked` and the appointment's office ("Completed: appointment booked with Advising
 * Center").
 */
export const completedBecauseSchema = /* @__PURE__ */ z.object({
  kind: z.string(),
  office: z.string().optional(),
});
export type CompletedBecause = z.infer<typeof completedBecauseSchema>;

/** The `completed_because` kind of a campaign an appointment with its office completed (issue 92). */
export const APPOINTMENT_BOOKED = 'appointment-booked';

/** next-steps.md §3 User task: the per-user record; `id` is the userTaskId. */
export const userTaskSchema = /* @__PURE__ */ z.object({
  id: z.number().int(),
  user: z.number().int(),
  task: taskSchema,
  starred: z.boolean(),
  completed_on: z.string().nullable(),
  does_not_apply_on: z.string().nullable(),
  do_now_on: z.string().nullable(),
  overdue: z.boolean(),
  /**
   * The publisher whose own system marked the task done (issue 60, "Completed in <publisher>"); the
   * student cannot undo that completion. Absent or null: the student's own.
   */
  completed_in: z.string().nullable().optional(),
  /**
   * Why the student's record completed it (issue 74), beside `completed_in`: the change kind that
   * completed it and, for a hold's removal, the hold's office ("Completed: Registrar removed this
   * hold"); or an appointment booked with a campaign's office (issue 92, `appointment-booked`).
   * Absent: a department's completion or the student's own.
   */
  completed_because: completedBecauseSchema.optional(),
});
export type UserTask = z.infer<typeof userTaskSchema>;

export { USER_TASKS_MAX } from './limits.js';

export const userTaskListSchema = /* @__PURE__ */ z
  .array(userTaskSchema)
  .max(USER_TASKS_MAX)
  .describe(`The person's tasks, at most ${USER_TASKS_MAX}.`);

/** With `limit` the answer is paginated. */
export const userTaskPageSchema = /* @__PURE__ */ z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: userTaskListSchema.describe(`This page's tasks: \`limit\`, at most ${USER_TASKS_MAX}.`),
});
export type UserTaskPage = z.infer<typeof userTaskPageSchema>;

/** `GET /next-steps/api/user_task/?published=True[&limit=N][&offset=N][&task__id=ID]`. */
export const userTaskQuerySchema = /* @__PURE__ */ z.object({
  published: z.enum(['True', 'False', 'true', 'false']).default('True'),
  limit: pageSizeField(USER_TASKS_MAX).describe(
    `A page's size: absent, the plain list (at most ${USER_TASKS_MAX}).`,
  ),
  offset: countTextSchema.default(0),
  task__id: idTextSchema.optional(),
});
export type UserTaskQuery = z.infer<typeof userTaskQuerySchema>;

const patchFields = ['completed_on', 'does_not_apply_on', 'do_now_on', 'starred'] as const;

/** `PATCH user_task/{userTaskId}/`: exactly one of these fields, nothing else. */
export const userTaskPatchSchema = /* @__PURE__ */ z
  .strictObject({
    completed_on: isoTimeSchema.nullable().optional(),
    does_not_apply_on: isoTimeSchema.nullable().optional(),
    do_now_on: isoTimeSchema.optional(),
    starred: z.boolean().optional(),
  })
  .superRefine(exactlyOne(patchFields));
export type UserTaskPatch = z.infer<typeof userTaskPatchSchema>;

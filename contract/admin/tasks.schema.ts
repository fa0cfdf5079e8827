import { z } from 'zod';
import { instantInput } from '../instant.schema.js';
import {
  adminFilterSchema,
  adminTextSchema,
  daySchema,
  MAX_INTEGER,
  storedIntegerSchema,
  versionSchema,
} from './admin.schema.js';
import { needsSpanishTitle, spanishFields } from './translation.schema.js';

/** A task's own reminders (issue 29): at most this many, each at most this many days before. */
export const MAX_REMINDERS = 5;
export const MAX_REMINDER_DAYS = 60;

/** next-steps.md §3 Task as the admin edits it; dates are calendar days, publishing an instant. */
const taskShape = {
  title: adminTextSchema('Enter a title.')
    .trim()
    .min(1, 'Enter a title.')
    .max(200, 'Keep the title under 200 characters.'),
  description: adminTextSchema().max(5000, 'Keep the description under 5,000 characters.'),
  /** Issue 59: the Spanish title and description, when given. */
  ...spanishFields(5000),
  category_id: storedIntegerSchema('Choose a category.'),
  starts_on: daySchema.nullable(),
  /** A date-only end: the end of this day on the campus clock (server/db/date-only-end.ts). */
  ends_on: daySchema.nullable(),
  has_deadline: z.boolean(),
  is_important: z.boolean(),
  important_reason: adminTextSchema().trim().max(500, 'Keep the reason under 500 characters.'),
  new_student_checklist: z.boolean(),
  checklist_rank: z
    .number({ error: 'Enter a rank as a whole number.' })
    .int('Enter a rank as a whole number.')
    .min(1, 'The rank starts at 1.')
    .max(999, 'The rank goes up to 999.')
    .nullable(),
  action_date: daySchema.nullable(),
  periodicity: adminTextSchema()
    .trim()
    .min(1, 'Say how often: "once", "every fall term"…')
    .max(100, 'Keep it under 100 characters.'),
  sort_by: z.enum(['START', 'END'], { error: 'Choose start or end date.' }),
  modality: z.enum(['ONLINE', 'IN_PERSON', 'HYBRID'], { error: 'Choose a modality.' }),
  published: z.boolean(),
  /** Published tasks stay hidden from students until this instant (ISO-8601 UTC); null: at once. */
  publishes_on: instantInput('Enter a date and time.').nullable(),
  student_type_ids: z
    .array(storedIntegerSchema('Choose the student types from the list.'), {
      error: 'Choose at least one student type.',
    })
    .min(1, 'Choose at least one student type.')
    .max(100),
  /**
   * Issue 29: days before the deadline its reminders go out, at most 5, each 0 (the deadline's day)
   * to 60; empty: the campus default (campus configuration `reminders.offsets`).
   */
  reminder_offsets: z
    .array(
      z
        .number({ error: 'Enter whole numbers of days, separated by commas: "7, 3, 1".' })
        .int('Enter whole numbers of days, separated by commas: "7, 3, 1".')
        .min(0, 'Days before the deadline start at 0, the deadline’s own day.')
        .max(MAX_REMINDER_DAYS, `Remind at most ${MAX_REMINDER_DAYS} days before the deadline.`),
      { error: 'Enter whole numbers of days, separated by commas: "7, 3, 1".' },
    )
    .max(MAX_REMINDERS, `Give at most ${MAX_REMINDERS} reminders.`)
    .refine((days) => new Set(days).size === days.length, 'Give each number of days once.')
    .default([]),
};

type TaskFields = {
  title_es: string | null;
  body_es: string | null;
  starts_on: string | null;
  ends_on: string | null;
  has_deadline: boolean;
  is_important: boolean;
  important_reason: string;
  new_student_checklist: boolean;
  checklist_rank: number | null;
};

/** The rules between fields, each reported on the field to fix. */
function taskRules(task: TaskFields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (task.starts_on && task.ends_on && task.ends_on < task.starts_on)
    issue('ends_on', 'The end date is before the start date.');
  if (task.has_deadline && !task.ends_on)
    issue('ends_on', 'A task with a deadline needs an end date.');
  if (task.is_important && !task.important_reason)
    issue('important_reason', 'Say why the task is important.');
  if (task.new_student_checklist && task.checklist_rank === null)
    issue('checklist_rank', 'Give the task its place in the new-student checklist.');
  needsSpanishTitle(task, ctx);
}

/** `POST /admin/tasks`. */
export const adminTaskInputSchema = /* @__PURE__ */ z
  .strictObject(taskShape)
  .superRefine(taskRules);
export type AdminTaskInput = z.infer<typeof adminTaskInputSchema>;

/** `PUT /admin/tasks/{id}`: the task as read, with the version it was read at. */
export const adminTaskUpdateSchema = /* @__PURE__ */ z
  .strictObject({ ...taskShape, version: versionSchema })
  .superRefine(taskRules);
export type AdminTaskUpdate = z.infer<typeof adminTaskUpdateSchema>;

/** A task as the admin reads it. */
export const adminTaskSchema = /* @__PURE__ */ z.object({
  id: z.number().int(),
  version: z.number().int(),
  ...taskShape,
});
export type AdminTask = z.infer<typeof adminTaskSchema>;

/** `GET /admin/tasks?q=&category=&state=`: the list's search. */
export const adminTaskQuerySchema = /* @__PURE__ */ z.object({
  q: adminFilterSchema(200),
  category: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .catch(undefined)
    .pipe(z.number().max(MAX_INTEGER, 'must be a category id').optional()),
  state: z.enum(['published', 'draft', 'scheduled']).optional().catch(undefined),
});
export type AdminTaskQuery = z.infer<typeof adminTaskQuerySchema>;

/** A category: its slug ("fun" is special, next-steps.md §3) and name. */
export const adminCategoryInputSchema = /* @__PURE__ */ z.strictObject({
  slug: adminTextSchema('Enter a slug.')
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and dashes.')
    .max(60, 'Keep the slug under 60 characters.'),
  name: adminTextSchema('Enter a name.')
    .trim()
    .min(1, 'Enter a name.')
    .max(100, 'Keep the name under 100 characters.'),
});
export type AdminCategoryInput = z.infer<typeof adminCategoryInputSchema>;

/** A student type or a notification type: a name. */
export const adminNamedInputSchema = /* @__PURE__ */ z.strictObject({
  name: adminTextSchema('Enter a name.')
    .trim()
    .min(1, 'Enter a name.')
    .max(100, 'Keep the name under 100 characters.'),
});
export type AdminNamedInput = z.infer<typeof adminNamedInputSchema>;

/**
 * A rename carries the name (and a category's slug) the form showed. These are all a choice is, so
 * they serve as its version: when they no longer match, someone renamed it since, and the rename is
 * refused rather than overwriting theirs.
 */
const previous = (what: string) =>
  adminTextSchema(`The form is missing the ${what} it showed: reload the page.`)
    .min(1, `The form is missing the ${what} it showed: reload the page.`)
    .max(100);
export const adminCategoryRenameSchema = adminCategoryInputSchema.extend({
  previous_name: previous('name'),
  previous_slug: previous('slug'),
});
export const adminNamedRenameSchema = adminNamedInputSchema.extend({
  previous_name: previous('name'),
});

import { z } from 'zod';
import { USER_TASKS_MAX } from './limits.js';

/**
 * portal.md §7 `GET /api/integrations/mynextsteps/tasks`: the fields the spec names, plus the task's
 * id, title, end date and whether that end is a deadline so the portal block can show and link each task.
 */
export const myNextStepsTaskSchema = /* @__PURE__ */ z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  title: z.string(),
  ends_on: z.string().nullable(),
  /** The day of a date-only end (task.schema.ts `ends_on_day`), null for a timed end. */
  ends_on_day: z.iso.date().nullable(),
  /** Only a task with a deadline is "due" on its end date. */
  has_deadline: z.boolean(),
  starred: z.boolean(),
  completed_on: z.string().nullable(),
  does_not_apply_on: z.string().nullable(),
  do_now_on: z.string().nullable(),
  overdue: z.boolean(),
});
/** Issue 87: the first USER_TASKS_MAX tasks in list order, as `user_task/`'s plain list. */
export const myNextStepsTaskListSchema = /* @__PURE__ */ z
  .array(myNextStepsTaskSchema)
  .max(USER_TASKS_MAX);
export type MyNextStepsTask = z.infer<typeof myNextStepsTaskSchema>;

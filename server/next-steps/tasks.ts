import type { UserTask, UserTaskPatch } from '../../contract/next-steps/task.schema.js';
import type { Roles } from '../../contract/roles.schema.js';
import type {
  NextStepsTasksRepository,
  TaskQuery,
} from '../db/repositories/next-steps-tasks.repository.js';
import { compareTasks, hasStudentChecklist, toUserTask } from './rules.js';

/** The person whose tasks these are: their id and the roles that decide whether they get any. */
export type TaskHolder = { id: number } & Pick<Roles, 'primary_role' | 'other_roles'>;

/**
 * Gives the person a record of every task assigned to them that has none yet (published ones;
 * drafts too when asked, for staff); nothing for a person without a student role (rules.ts).
 */
export async function prepareTasks(
  tasks: NextStepsTasksRepository,
  holder: TaskHolder,
  withDrafts: boolean,
): Promise<void> {
  if (hasStudentChecklist(holder)) await tasks.prepare(holder.id, withDrafts);
}

/**
 * next-steps.md §3–4: the person's tasks as the list shows them, in list order (rules.ts
 * compareTasks); none for a person without a student role. Never writes.
 */
export async function listTasks(
  tasks: NextStepsTasksRepository,
  holder: TaskHolder,
  query: TaskQuery,
  now: Date,
): Promise<UserTask[]> {
  if (!hasStudentChecklist(holder)) return [];
  const records = await tasks.list(holder.id, query, now);
  return records.map(({ record, task }) => toUserTask(record, task, now)).sort(compareTasks);
}

/** Changes one field of the person's own record `id`; undefined when it is not theirs or not assigned. */
export async function patchTask(
  tasks: NextStepsTasksRepository,
  holder: TaskHolder,
  id: number,
  change: UserTaskPatch,
  now: Date,
): Promise<UserTask | undefined> {
  if (!hasStudentChecklist(holder)) return undefined;
  const changed = await tasks.patch(holder.id, id, change, now);
  return changed && toUserTask(changed.record, changed.task, now);
}

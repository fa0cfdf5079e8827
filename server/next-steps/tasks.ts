import type { Language } from '../../contract/language.schema.js';
import type { UserTask, UserTaskPatch } from '../../contract/next-steps/task.schema.js';
import type {
  NextStepsTasksRepository,
  TaskQuery,
} from '../db/repositories/next-steps-tasks.repository.js';
import { compareTasks, toUserTask } from './rules.js';
import { hasNextStepsList } from './task-visibility.js';
import type { ListHolder } from './task-visibility.js';

/** The person whose tasks these are: their id and what decides whether they have a list at all. */
export type TaskHolder = { id: number } & ListHolder;

/**
 * Gives the person a record of every task assigned to them that has none yet (published ones;
 * drafts too when asked, for staff); nothing for a person without a list (task-visibility.ts).
 */
export async function prepareTasks(
  tasks: NextStepsTasksRepository,
  holder: TaskHolder,
  withDrafts: boolean,
): Promise<void> {
  if (hasNextStepsList(holder)) await tasks.prepare(holder.id, withDrafts);
}

/**
 * next-steps.md §3–4: the person's tasks as the list shows them, in list order (rules.ts
 * compareTasks): those task-visibility.ts's rule puts in it, none for a person without a list.
 * Never writes. `browser`: the language of a reader who never chose one (issue 59).
 */
export async function listTasks(
  tasks: NextStepsTasksRepository,
  holder: TaskHolder,
  query: TaskQuery,
  now: Date,
  browser: Language = 'en',
): Promise<UserTask[]> {
  if (!hasNextStepsList(holder)) return [];
  const records = await tasks.list(holder.id, query, now);
  return records
    .map(({ record, task, inbound }) => toUserTask(record, task, now, inbound, browser))
    .sort(compareTasks);
}

/** Changes one field of the person's own record `id`; undefined when it is not theirs or not assigned. */
export async function patchTask(
  tasks: NextStepsTasksRepository,
  holder: TaskHolder,
  id: number,
  change: UserTaskPatch,
  now: Date,
  browser: Language = 'en',
): Promise<UserTask | undefined> {
  if (!hasNextStepsList(holder)) return undefined;
  const changed = await tasks.patch(holder.id, id, change, now);
  return changed && toUserTask(changed.record, changed.task, now, changed.inbound, browser);
}

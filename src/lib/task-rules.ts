/**
 * The task rules both apps apply: the portal's My Next Steps block (portal.md §9) and Next Steps
 * (next-steps.md §2). Next Steps' own list rules (filters, lookup, an item's dates and border) are
 * task-list-rules.ts, which the portal's first route does not load.
 */
import type { UserTask } from '../../contract/next-steps/task.schema.js';

export const isDone = (t: Pick<UserTask, 'completed_on'>) => t.completed_on !== null;
export const isDismissed = (t: Pick<UserTask, 'does_not_apply_on'>) => t.does_not_apply_on !== null;

/** portal.md §9: My Next Steps shows 3 tasks — the first ones neither done nor dismissed. */
export const MY_NEXT_STEPS_COUNT = 3;
export function upcomingTasks<T extends Pick<UserTask, 'completed_on' | 'does_not_apply_on'>>(
  tasks: readonly T[],
): T[] {
  return tasks.filter((t) => !isDone(t) && !isDismissed(t)).slice(0, MY_NEXT_STEPS_COUNT);
}

/**
 * next-steps.md §2: "Due" appears only for a task with a deadline; another task's end date is just
 * when it ends. The same rule in Next Steps and in the portal's My Next Steps block.
 */
export const isDue = (task: { has_deadline: boolean; ends_on: string | null }): boolean =>
  task.has_deadline && task.ends_on !== null;

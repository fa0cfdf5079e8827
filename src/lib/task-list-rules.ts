/**
 * Next Steps' list rules (next-steps.md §2, §4, §5): the filters, the task lookup and the next task,
 * what an item shows in place of dates and its border. The rules the portal shares are task-rules.ts.
 */
import { t } from '@lingui/core/macro';
import type { UserTask } from '../../contract/next-steps/task.schema.js';
import type { TaskFilter } from './task-filter.js';
import { isDismissed, isDone } from './task-rules.js';
import { formatEndShort, formatShortDate } from './time.js';

/** The task fields the filters read. */
export type FilterFields = Pick<
  UserTask,
  'completed_on' | 'does_not_apply_on' | 'starred' | 'overdue'
> & {
  task: Pick<UserTask['task'], 'is_important'>;
};

/**
 * next-steps.md §4 Filters: done shows completed tasks; all other filters first exclude completed
 * tasks. dismissed shows dismissed tasks; all others exclude dismissed tasks. bookmarks: starred;
 * important: is_important; overdue: the overdue flag; Up Next: all the rest.
 */
export function isInFilter(t: FilterFields, filter: TaskFilter): boolean {
  if (filter === 'dismissed') return !isDone(t) && isDismissed(t);
  if (isDismissed(t)) return false;
  if (filter === 'done') return isDone(t);
  if (isDone(t)) return false;
  switch (filter) {
    case 'bookmarks':
      return t.starred;
    case 'important':
      return t.task.is_important;
    case 'overdue':
      return t.overdue;
    case 'upNext':
      return true;
  }
}

export function filterTasks<T extends FilterFields>(tasks: readonly T[], filter: TaskFilter): T[] {
  return tasks.filter((t) => isInFilter(t, filter));
}

/** An overdue task counts only if it is not done (nor dismissed): the overdue filter. */
export function overdueTasks<T extends FilterFields>(tasks: readonly T[]): T[] {
  return filterTasks(tasks, 'overdue');
}

/** next-steps.md §5: task lookup falls back to the selected task when the id is not a number or 0. */
export function findTask<T extends { task: { id: number } }>(
  tasks: readonly T[],
  id: unknown,
  selectedId: number | null,
): T | undefined {
  const wanted = typeof id === 'number' && Number.isFinite(id) && id !== 0 ? id : selectedId;
  return wanted === null ? undefined : tasks.find((t) => t.task.id === wanted);
}

/**
 * next-steps.md §4 Next task: the task after the given (or selected) one in the incomplete,
 * non-dismissed list; otherwise the first incomplete non-dismissed task; otherwise false.
 */
export function nextTask<T extends FilterFields & { task: { id: number } }>(
  tasks: readonly T[],
  id: unknown,
  selectedId: number | null,
): T | false {
  const open = tasks.filter((t) => !isDone(t) && !isDismissed(t));
  const current = findTask(tasks, id, selectedId);
  const at = current ? open.indexOf(current) : -1;
  return open[at + 1] ?? open[0] ?? false;
}

export type DateDisplay =
  { kind: 'done' | 'overdue' | 'date' | 'badge'; text: string } | { kind: 'none' };

/** next-steps.md §2 List item: what an item shows in place of dates. */
export function dateDisplay(ut: UserTask, isNewStudent: boolean): DateDisplay {
  const { task } = ut;
  if (task.new_student_checklist && isNewStudent) {
    return { kind: 'badge', text: t`NEW STUDENT CHECKLIST` };
  }
  if (ut.completed_on) {
    const date = formatShortDate(ut.completed_on);
    return { kind: 'done', text: t`Done ${date}` };
  }
  if (ut.overdue) return { kind: 'overdue', text: t`OVERDUE` };
  if (task.starts_on && task.ends_on) {
    return {
      kind: 'date',
      text: `${formatShortDate(task.starts_on)} – ${formatEndShort(task.ends_on, task.ends_on_day)}`,
    };
  }
  if (task.starts_on) {
    const date = formatShortDate(task.starts_on);
    return { kind: 'date', text: t`Starts ${date}` };
  }
  if (task.ends_on && !task.has_deadline) {
    const date = formatEndShort(task.ends_on, task.ends_on_day);
    return { kind: 'date', text: t`Ends ${date}` };
  }
  if (task.ends_on) {
    const date = formatEndShort(task.ends_on, task.ends_on_day);
    return { kind: 'date', text: t`Due ${date}` };
  }
  return { kind: 'none' };
}

export type Border = 'default' | 'important' | 'overdue' | 'none';

/** next-steps.md §2: border default, important or overdue; none for the category slugged "fun". */
export function borderOf(t: UserTask, funCategoryId: number | null): Border {
  if (t.task.category === funCategoryId) return 'none';
  if (t.overdue && !isDone(t)) return 'overdue';
  if (t.task.is_important) return 'important';
  return 'default';
}

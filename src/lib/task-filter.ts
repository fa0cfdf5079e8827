import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';

/** next-steps.md §2: the `show` values; "important" is handled by the list logic but has no menu entry. */
export const taskFilterSchema = z.enum(['overdue', 'bookmarks', 'done', 'dismissed', 'important']);
export type TaskFilter = z.infer<typeof taskFilterSchema> | 'upNext';

/**
 * The list's categories beyond the checklist's own (issue 45): `coursework`, the items of the
 * student's LMS calendar; `checklist`, the checklist's tasks alone. None: both.
 */
export const taskCategorySchema = z.enum(['checklist', 'coursework']);
export type TaskCategory = z.infer<typeof taskCategorySchema>;

/** The `task` route's query: any other `show` falls back to Up Next, any other category to all. */
export const taskSearchSchema = z.object({
  show: taskFilterSchema.optional().catch(undefined),
  category: taskCategorySchema.optional().catch(undefined),
});
export type TaskSearch = z.infer<typeof taskSearchSchema>;

const labels: Record<TaskFilter, MessageDescriptor> = {
  upNext: msg`Up Next`,
  overdue: msg({ message: 'Overdue', context: 'filter' }),
  bookmarks: msg`Bookmarks`,
  done: msg({ message: 'Done', context: 'filter' }),
  dismissed: msg`Dismissed`,
  important: msg({ message: 'Important', context: 'filter' }),
};

/** next-steps.md §2: a task_id is a positive whole number; anything else names no task. */
export const taskIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number);

/**
 * The task the address names: its id, `null` for none, `'selected'` for an id that is not a number
 * or is 0 (next-steps.md §5: the lookup falls back to the selected task), `'invalid'` for a number
 * that cannot be a task id (negative, fractional, too long).
 */
export function taskIdOf(param: string | undefined): number | null | 'selected' | 'invalid' {
  if (param === undefined || param === '') return null;
  const parsed = taskIdSchema.safeParse(param);
  if (parsed.success) return parsed.data;
  const n = Number(param);
  return param.trim() === '' || Number.isNaN(n) || n === 0 ? 'selected' : 'invalid';
}

export function filterOf(search: TaskSearch): TaskFilter {
  return search.show ?? 'upNext';
}

/** The heading names the active filter; the initial label is "Up Next". */
export function filterLabel(filter: TaskFilter): string {
  return i18n._(labels[filter]);
}

/** next-steps.md §2: the empty-state message of each filter, verbatim. */
const emptyTexts: Record<TaskFilter, MessageDescriptor> = {
  upNext: msg`You have no tasks coming up soon.`,
  important: msg`No important tasks right now.`,
  overdue: msg`No overdue tasks right now.`,
  bookmarks: msg`No bookmarks yet.`,
  done: msg`You haven't marked anything "done" yet.`,
  dismissed: msg`You haven't "dismissed" anything yet.`,
};

export function emptyText(filter: TaskFilter): string {
  return i18n._(emptyTexts[filter]);
}

/** The FILTER menu, in order; `null` is the divider. "important" has no entry. */
export const filterMenu: ReadonlyArray<TaskFilter | null> = [
  'upNext',
  'overdue',
  'bookmarks',
  null,
  'done',
  'dismissed',
];

/** The `show` query of a filter: none for Up Next. */
export function showOf(filter: TaskFilter): TaskSearch['show'] {
  return filter === 'upNext' ? undefined : filter;
}

const categoryLabels: Record<TaskCategory | 'all', MessageDescriptor> = {
  all: msg`All categories`,
  checklist: msg`Checklist`,
  coursework: msg`Coursework`,
};

/** The category menu's entries, in order: all, then each category. */
export const categoryMenu: ReadonlyArray<TaskCategory | undefined> = [
  undefined,
  'checklist',
  'coursework',
];

export function categoryLabel(category: TaskCategory | undefined): string {
  return i18n._(categoryLabels[category ?? 'all']);
}

/** The heading: the active filter's name, and the category when one is chosen. */
export function listHeading(search: TaskSearch): string {
  const label = filterLabel(filterOf(search));
  return search.category ? `${label} — ${categoryLabel(search.category)}` : label;
}

import { useLingui } from '@lingui/react/macro';
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { UserTask } from '../../../contract/next-steps/task.schema.js';
import type { TaskSearch } from '../../lib/task-filter.js';
import { TaskItem } from './task-item.js';
import type { TaskItemProps } from './task-item.js';

/** Items committed at once when a filter opens; the rest follow in an interruptible render. */
export const FIRST_ITEMS = 60;

export interface TaskListProps extends Omit<TaskItemProps, 'userTask' | 'selected' | 'waiting'> {
  tasks: UserTask[];
  /** The tasks with a change made offline waiting to be sent (issue 44). */
  waitingIds: readonly number[];
  /** Changing it (the filter) starts the list over from its first items. */
  listKey: string;
  selectedTaskId: number | null;
  emptyText: string;
  search: TaskSearch;
}

/**
 * The scrolling list of the active filter, or its empty-state message. When the item holding the
 * focus leaves the list (unbookmarked under Bookmarks, say), the focus goes to the item now in its
 * place, else the last one, else the empty-state message: never to the top of the page.
 */
export function TaskList(props: TaskListProps) {
  const { tasks, listKey, selectedTaskId, emptyText, waitingIds, ...item } = props;
  const { t } = useLingui();
  const [shown, setShown] = useState({ key: listKey, limit: FIRST_ITEMS });
  if (shown.key !== listKey) setShown({ key: listKey, limit: FIRST_ITEMS });
  const limit = shown.key === listKey ? shown.limit : FIRST_ITEMS;
  useEffect(() => {
    if (limit < tasks.length) {
      startTransition(() => setShown({ key: listKey, limit: Number.POSITIVE_INFINITY }));
    }
  }, [limit, tasks.length, listKey]);

  const list = useRef<HTMLUListElement>(null);
  const empty = useRef<HTMLParagraphElement>(null);
  const focused = useRef<{ id: number; index: number } | null>(null);
  useLayoutEffect(() => {
    const last = focused.current;
    if (!last || tasks.some((t) => t.id === last.id)) return;
    focused.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return; // The person has moved on elsewhere.
    const links = list.current?.querySelectorAll<HTMLElement>('.task-item__link') ?? [];
    (links[Math.min(last.index, links.length - 1)] ?? empty.current)?.focus();
  }, [tasks]);

  if (tasks.length === 0) {
    return (
      <p className="task-list__empty" ref={empty} tabIndex={-1}>
        {emptyText}
      </p>
    );
  }
  return (
    <ul
      className="task-list"
      aria-label={t`Tasks`}
      data-count={tasks.length}
      ref={list}
      onFocus={(event) => {
        const item = event.target.closest('li');
        const index = item ? [...event.currentTarget.children].indexOf(item) : -1;
        const task = tasks[index];
        focused.current = task ? { id: task.id, index } : null;
      }}
    >
      {tasks.slice(0, limit).map((t) => (
        <TaskItem
          key={t.id}
          userTask={t}
          selected={t.task.id === selectedTaskId}
          waiting={waitingIds.includes(t.id)}
          {...item}
        />
      ))}
    </ul>
  );
}

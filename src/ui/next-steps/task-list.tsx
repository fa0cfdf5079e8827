import { startTransition, useEffect, useState } from 'react';
import type { UserTask } from '../../../contract/next-steps/task.schema.js';
import type { TaskSearch } from '../../lib/task-filter.js';
import { TaskItem } from './task-item.js';
import type { TaskItemProps } from './task-item.js';

/** Items committed at once when a filter opens; the rest follow in an interruptible render. */
export const FIRST_ITEMS = 60;

export interface TaskListProps extends Omit<TaskItemProps, 'userTask' | 'selected'> {
  tasks: UserTask[];
  /** Changing it (the filter) starts the list over from its first items. */
  listKey: string;
  selectedTaskId: number | null;
  emptyText: string;
  search: TaskSearch;
}

/** The scrolling list of the active filter, or its empty-state message. */
export function TaskList({ tasks, listKey, selectedTaskId, emptyText, ...item }: TaskListProps) {
  const [shown, setShown] = useState({ key: listKey, limit: FIRST_ITEMS });
  if (shown.key !== listKey) setShown({ key: listKey, limit: FIRST_ITEMS });
  const limit = shown.key === listKey ? shown.limit : FIRST_ITEMS;
  useEffect(() => {
    if (limit < tasks.length) {
      startTransition(() => setShown({ key: listKey, limit: Number.POSITIVE_INFINITY }));
    }
  }, [limit, tasks.length, listKey]);
  if (tasks.length === 0) return <p className="task-list__empty">{emptyText}</p>;
  return (
    <ul className="task-list" aria-label="Tasks" data-count={tasks.length}>
      {tasks.slice(0, limit).map((t) => (
        <TaskItem key={t.id} userTask={t} selected={t.task.id === selectedTaskId} {...item} />
      ))}
    </ul>
  );
}

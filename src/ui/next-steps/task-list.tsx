import type { UserTask } from '../../../contract/next-steps/task.schema.js';
import type { TaskSearch } from '../../lib/task-filter.js';
import { TaskItem } from './task-item.js';
import type { TaskItemProps } from './task-item.js';

export interface TaskListProps extends Omit<TaskItemProps, 'userTask' | 'selected'> {
  tasks: UserTask[];
  selectedTaskId: number | null;
  emptyText: string;
  search: TaskSearch;
}

/** The scrolling list of the active filter, or its empty-state message. */
export function TaskList({ tasks, selectedTaskId, emptyText, ...item }: TaskListProps) {
  if (tasks.length === 0) return <p className="task-list__empty">{emptyText}</p>;
  return (
    <ul className="task-list" aria-label="Tasks">
      {tasks.map((t) => (
        <TaskItem key={t.id} userTask={t} selected={t.task.id === selectedTaskId} {...item} />
      ))}
    </ul>
  );
}

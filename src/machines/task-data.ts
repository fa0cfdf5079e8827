import type { Category } from '../../contract/next-steps/choices.schema.js';
import type { UserTask } from '../../contract/next-steps/task.schema.js';

/** A read's answer and when it arrived (ms). */
export type Fetched<T> = { value: T; at: number };
/** The Next Steps list's data: the person's tasks and the categories (task-list.context.ts). */
export type TaskData = { tasks: UserTask[]; categories: Category[] };

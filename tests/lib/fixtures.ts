import type { UserTask } from '../../contract/next-steps/task.schema.js';

/** A user task with plain defaults; tests override what they are about. */
export function userTask(
  id: number,
  fields: Partial<Omit<UserTask, 'task'>> = {},
  task: Partial<UserTask['task']> = {},
): UserTask {
  return {
    id: 100 + id,
    user: 1,
    starred: false,
    completed_on: null,
    does_not_apply_on: null,
    do_now_on: null,
    overdue: false,
    ...fields,
    task: {
      id,
      title: `Task ${id}`,
      description: `About task ${id}`,
      category: 1,
      starts_on: null,
      ends_on: null,
      ends_on_day: null,
      has_deadline: false,
      is_important: false,
      important_reason: '',
      new_student_checklist: false,
      checklist_rank: null,
      action_date: null,
      periodicity: 'once',
      sort_by: 'START',
      modality: 'ONLINE',
      ...task,
    },
  };
}

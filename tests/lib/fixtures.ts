import type { UserTask } from '../../contract/next-steps/task.schema.js';
import type { NextStepsUser } from '../../contract/next-steps/user.schema.js';

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

/** The signed-in Next Steps student of the tests (no message); tests override what they are about. */
export function nextStepsUser(fields: Partial<NextStepsUser> = {}): NextStepsUser {
  return {
    id: 1,
    username: 'avalencia',
    first_name: 'Ana',
    auth_token: 'token-token-token-token',
    has_provisional_account: false,
    is_new_student: false,
    has_checklist: true,
    user_message: [],
    language: null,
    view_as: null,
    shared: null,
    ...fields,
  };
}

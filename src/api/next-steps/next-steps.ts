import type { KyInstance } from 'ky';
import { errorSchema } from '../../../contract/error.schema.js';
import {
  categoryListSchema,
  studentTypeListSchema,
  userStudentTypesListSchema,
  userStudentTypesSchema,
} from '../../../contract/next-steps/choices.schema.js';
import type {
  Category,
  StudentType,
  UserStudentTypes,
} from '../../../contract/next-steps/choices.schema.js';
import { userTaskListSchema, userTaskSchema } from '../../../contract/next-steps/task.schema.js';
import type { UserTask, UserTaskPatch } from '../../../contract/next-steps/task.schema.js';
import {
  nextStepsUserListSchema,
  userMessageSchema,
} from '../../../contract/next-steps/user.schema.js';
import type { NextStepsUser, UserMessage } from '../../../contract/next-steps/user.schema.js';
import { PROVISIONAL_DETAIL } from '../../../contract/user.schema.js';
import { NEXT_STEPS_FIRST } from '../../../contract/first-answers.rules.js';
import { KEPT_AT_HEADER } from '../../../worker/kept-answers.js';
import { HttpStatusError, NetworkError } from '../errors.js';

export type NextStepsUserResult =
  { kind: 'user'; user: NextStepsUser } | { kind: 'signed-out' } | { kind: 'provisional' };

/**
 * next-steps.md §7 `GET /api/user/` with session credentials. On a non-OK answer the body's detail is
 * read: has_provisional_account flags the user, 401 means signed out, anything else is an error.
 */
export async function fetchNextStepsUser(http: KyInstance): Promise<NextStepsUserResult> {
  const response = await http.get(NEXT_STEPS_FIRST.user, {
    credentials: 'include',
    throwHttpErrors: false,
  });
  if (response.ok) {
    const [user] = nextStepsUserListSchema.parse(await response.json());
    if (!user) throw new HttpStatusError(response.status, 'The user call answered no user');
    return { kind: 'user', user };
  }
  const body = errorSchema.safeParse(await response.json().catch(() => null));
  const detail = body.success ? body.data.detail : '';
  if (detail === PROVISIONAL_DETAIL) return { kind: 'provisional' };
  if (response.status === 401) return { kind: 'signed-out' };
  throw new HttpStatusError(
    response.status,
    `There was a problem with your request: ${detail || response.status}`,
  );
}

/** `GET /api/user_task/?published=True`: the plain list. */
export async function fetchUserTasks(http: KyInstance): Promise<UserTask[]> {
  return userTaskListSchema.parse(await http.get(NEXT_STEPS_FIRST.tasks).json());
}

/**
 * The plain list as the server has it now: a copy the service worker kept for offline (it carries
 * the time it was current) means the server was not reached (issue 44).
 */
export async function fetchFreshUserTasks(http: KyInstance): Promise<UserTask[]> {
  const response = await http.get(NEXT_STEPS_FIRST.tasks);
  if (response.headers.has(KEPT_AT_HEADER)) {
    throw new NetworkError(new Error('The server was not reached: a kept copy answered'));
  }
  return userTaskListSchema.parse(await response.json());
}

/** `PATCH /api/user_task/{userTaskId}/` with exactly one field. */
export async function patchUserTask(
  http: KyInstance,
  userTaskId: number,
  change: UserTaskPatch,
): Promise<UserTask> {
  return userTaskSchema.parse(
    await http.patch(`user_task/${userTaskId}/`, { json: change }).json(),
  );
}

export async function fetchCategories(http: KyInstance): Promise<Category[]> {
  return categoryListSchema.parse(await http.get(NEXT_STEPS_FIRST.categories).json());
}

export async function acknowledgeMessage(
  http: KyInstance,
  id: number,
  at: string,
): Promise<UserMessage> {
  return userMessageSchema.parse(
    await http.patch(`user_message/${id}/`, { json: { user_acknowledged_on: at } }).json(),
  );
}

export async function fetchStudentTypes(http: KyInstance): Promise<StudentType[]> {
  return studentTypeListSchema.parse(await http.get('student_types/').json());
}

export async function fetchUserStudentTypes(http: KyInstance): Promise<UserStudentTypes> {
  const [first] = userStudentTypesListSchema.parse(await http.get('user_student_types/').json());
  if (!first) throw new Error('No affiliations record');
  return first;
}

export async function saveUserStudentTypes(
  http: KyInstance,
  pk: number,
  studentTypes: number[],
): Promise<UserStudentTypes> {
  return userStudentTypesSchema.parse(
    await http.patch(`user_student_types/${pk}/`, { json: { student_types: studentTypes } }).json(),
  );
}

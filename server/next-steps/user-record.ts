import type { FastifyInstance } from 'fastify';
import type { NextStepsUser } from '../../contract/next-steps/user.schema.js';
import type { ViewingAs } from '../../contract/view-as.schema.js';
import type { UserRecord } from '../db/repositories/users.repository.js';
import { hasNextStepsList } from './task-visibility.js';

/**
 * next-steps.md §7 `GET /api/user/`'s one record: the person, the session's token it hands out, and
 * what their list needs to start (new student, checklist, unacknowledged messages, language). The
 * route answers it, and Next Steps' page carries it (html/first-answers.ts).
 */
export async function nextStepsUserRecord(
  app: FastifyInstance,
  user: UserRecord,
  token: string,
  viewAs: ViewingAs | null = null,
): Promise<NextStepsUser> {
  const profile = app.repositories.nextStepsProfile;
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    auth_token: token,
    has_provisional_account: false,
    is_new_student: await profile.isNewStudent(user.id),
    has_checklist: hasNextStepsList(user),
    user_message: await profile.unacknowledgedMessages(user.id),
    language: await app.repositories.preferences.languageOf(user.id),
    view_as: viewAs,
  };
}

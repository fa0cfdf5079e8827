import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DelegateShare } from '../../contract/delegates.schema.js';
import type { NextStepsUser } from '../../contract/next-steps/user.schema.js';
import type { Actor } from '../auth/acting.js';
import { viewingAsOf } from '../auth/view-as.js';
import type { UserRecord } from '../db/repositories/users.repository.js';
import { hasNextStepsList } from './task-visibility.js';

const fullName = (user: UserRecord) => `${user.first_name} ${user.last_name}`.trim();

/** Issue 88: the share a delegate reads the student's list under, as their bar says it. */
function shareOf(actor: Actor, student: UserRecord): DelegateShare | null {
  if (actor.capacity !== 'delegate') return null;
  const { delegate } = actor;
  return {
    delegation: delegate.delegation,
    student_name: fullName(student),
    categories: [...delegate.categories],
    ends_at: delegate.endsAt.toISOString(),
  };
}

/**
 * next-steps.md §7 `GET /api/user/`'s one record for the request's subject, as who asks reads it:
 * the person, the session's `token` it hands out, and what their list needs to start (new student,
 * checklist, unacknowledged messages, language). Support viewing as the student reads it with the
 * bar's `view_as`; a delegate (issue 88) with the `shared` share, no token (their own session cookie
 * signs their calls), none of the student's messages (theirs to acknowledge) and no language (the
 * delegate's browser's, not the student's choice). The route answers it, and Next Steps' page
 * carries it (html/first-answers.ts).
 */
export async function nextStepsUserOf(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<NextStepsUser> {
  const user = request.subject;
  const profile = app.repositories.nextStepsProfile;
  const shared = shareOf(request.actor, user);
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    auth_token: shared ? '' : token,
    has_provisional_account: false,
    is_new_student: await profile.isNewStudent(user.id),
    has_checklist: hasNextStepsList(user),
    user_message: shared ? [] : await profile.unacknowledgedMessages(user.id),
    language: shared ? null : await app.repositories.preferences.languageOf(user.id),
    view_as: viewingAsOf(request.viewing),
    shared,
  };
}

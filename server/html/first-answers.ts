import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  NEXT_STEPS_FIRST,
  firstAttendancePath,
  firstReadsOf,
} from '../../contract/first-answers.rules.js';
import type { FirstAnswerPath } from '../../contract/first-answers.rules.js';
import type { Status } from '../../contract/status.schema.js';
import { integrationAnswerSchemas } from '../../contract/sis/integrations.schema.js';
import { categoryListSchema } from '../../contract/next-steps/choices.schema.js';
import { userTaskListSchema } from '../../contract/next-steps/task.schema.js';
import { nextStepsUserListSchema } from '../../contract/next-steps/user.schema.js';
import { KEEP_SESSION_HEADER, KEEP_UNTIL_HEADER } from '../../contract/offline.rules.js';
import { isSisWarning } from '../../contract/sis/warning.schema.js';
import { actingOf } from '../auth/acting.js';
import { lookUpViewAs } from '../plugins/view-as.js';
import { delegatingOf } from '../plugins/delegate-guard.js';
import { delegateSessionOf } from '../delegates/tokens.js';
import { DELEGATE_SECTIONS, sharedWithDelegate } from '../../contract/delegate-sections.rules.js';
import { isProvisional } from '../auth/rights.js';
import { cookieTokenOf, sessionMarker } from '../plugins/session-tokens.js';
import { nextStepsUserOf } from '../next-steps/user-record.js';
import { attendanceAnswer, attendanceRead } from '../sis/attendance.js';
import { rememberLanguage } from './language-cookie.js';
import { rememberTheme } from './theme.js';

/** `GET /api/status`'s answer: the portal answers, and whether the SIS does. */
export const appStatus = (app: FastifyInstance): Status => ({
  status: 'ok',
  integrations: app.integrationHealth.available ? 'available' : 'unavailable',
});

/** Each answer as its API route answers it (the browser parses each with its schema). */
export type EmbeddedAnswers = Partial<Record<FirstAnswerPath, unknown>>;

/**
 * The person a page is for: a signed-in session's, not a provisional account's (whose page carries
 * nobody's data), taken as the request's own, as a guard and the scope's hook do (its subject and
 * actor by `actingOf`, as for the API; its data source: request.adapters).
 * The page then says, as every signed-in answer does (contract/offline.rules.ts), how long the
 * service worker may keep the answers it carries for offline (worker/first-answers.ts).
 * Without a campus session, a delegate (issue 89) on a page of a section the student shared
 * (`pathname`, Next Steps' included, issue 88): the page is drawn for them as the API answers
 * them, the student's record read by the delegate.
 */
async function pagePerson(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  pathname: string,
): Promise<'person' | 'delegate' | null> {
  const auth = await app.sessions.fromCookie(request);
  if (!auth) return pageDelegate(app, request, pathname);
  if (isProvisional(auth.user)) return null;
  request.auth = auth;
  // A view as a student (issue 73) carries the student's answers, as the API then answers them.
  await lookUpViewAs(request);
  request.acting = actingOf(request);
  void reply.header(KEEP_UNTIL_HEADER, app.sessions.keepUntil(auth.session));
  void reply.header(KEEP_SESSION_HEADER, sessionMarker(auth.session));
  return 'person';
}

/** A delegate's page: theirs when their share opens the section at `pathname`, else nobody's. */
async function pageDelegate(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
): Promise<'delegate' | null> {
  const sessionId = delegateSessionOf(request);
  if (sessionId === undefined) return null;
  const found = await delegatingOf(app, sessionId, (granted) =>
    granted.find((category) => sharedWithDelegate(pathname, [category])),
  );
  if (typeof found === 'string') return null;
  request.delegating = found.delegating;
  request.acting = actingOf(request);
  return 'delegate';
}

/**
 * What a signed-in person's app page carries for its first screen (issue 63,
 * contract/first-answers.rules.ts): the status, the user call's answer and the page's first SIS
 * reads, each only when it is at hand: the user when the SIS profile (its photo) is in the cache, a
 * read when the person's fresh copy is. Nothing here waits for the SIS: a cold cache answers the page
 * with less, and the app asks the API for the rest, as without this. Null for a request with no
 * session (or a provisional one): the page then carries nobody's data.
 */
export async function firstAnswersFor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  pathname: string,
): Promise<EmbeddedAnswers | null> {
  const who = await pagePerson(app, request, reply, pathname);
  if (!who) return null;
  const answers: EmbeddedAnswers = { status: appStatus(app) };
  // A delegate's page carries nothing more: each answer of their drawn page is asked of the API
  // (server-render.ts), whose routes say what a delegate reads.
  if (who === 'delegate') return answers;
  const user = await request.adapters.person.cachedUser(cookieTokenOf(request));
  if (user) {
    answers['users/user'] = user;
    // As the user call does: the next page's theme before its scripts run, and its language.
    const secure = app.config.nodeEnv === 'production';
    rememberTheme(reply, user.preferences.theme, secure);
    if (!request.viewing) rememberLanguage(reply, user.preferences.language, secure);
  }
  for (const read of firstReadsOf(pathname)) {
    const value = await request.adapters.sis.cached(read);
    // As the API route answers it: through the read's answer schema.
    const answer = value === null ? null : integrationAnswerSchemas[read].safeParse(value);
    if (answer?.success) answers[`integrations/finti/${read}`] = answer.data;
  }
  const info = answers['integrations/finti/term-info'];
  const term = integrationAnswerSchemas['term-info'].safeParse(info);
  if (term.success && !isSisWarning(term.data)) {
    // The attendance warning (Academics' largest paint) reads the carried term's courses next.
    const facts = await request.adapters.sis.cachedDerived(attendanceRead, term.data.term);
    if (facts) {
      const reads = await app.repositories.attendanceReads.forTerm(
        request.subject.id,
        term.data.term,
      );
      answers[firstAttendancePath(term.data.term)] = attendanceAnswer(term.data.term, facts, reads);
    }
  }
  return answers;
}

/**
 * What a signed-in person's Next Steps page carries for its first screen (issue 63): their record
 * and the list's first load, each as its route answers it (routes/next-steps/), by its address
 * under Next Steps' API (`NEXT_STEPS_FIRST`). Next Steps' own records, never an SIS read: the list
 * is drawn with no API round trip. Null as for the portal's page.
 */
export async function nextStepsFirstAnswersFor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Record<string, unknown> | null> {
  // A delegate's page too (issue 88), when their share holds Next Steps.
  const who = await pagePerson(app, request, reply, DELEGATE_SECTIONS['next-steps']);
  if (!who) return null;
  const [user, tasks, categories] = await Promise.all([
    nextStepsUserOf(app, request, cookieTokenOf(request)),
    request.adapters.tasks.list({ published: true }, app.clock()),
    app.repositories.nextStepsProfile.categories(),
  ]);
  // As each route answers it: through its response schema (plugins/serializer.ts).
  return {
    [NEXT_STEPS_FIRST.user]: nextStepsUserListSchema.parse([user]),
    [NEXT_STEPS_FIRST.tasks]: userTaskListSchema.parse(tasks),
    [NEXT_STEPS_FIRST.categories]: categoryListSchema.parse(categories),
  };
}

import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import { KEEP_SESSION_HEADER, KEEP_UNTIL_HEADER } from '../../contract/offline.rules.js';
import { PROVISIONAL_DETAIL } from '../../contract/user.schema.js';
import { isSameOrigin } from './same-origin.js';
import { delegateSessionOf } from '../delegates/tokens.js';
import { admitDelegate } from './delegate-guard.js';
import { categoriesOfAccess } from '../auth/access.js';
import { isProvisional, isStaff, isSuperuser } from '../auth/rights.js';
import {
  CSRF_HEADER,
  SESSION_COOKIE,
  UNAUTHENTICATED,
  csrfFor,
  sessionMarker,
} from './session-tokens.js';

/**
 * The guards routes name where they are defined: requireToken, requireSession (cookie + CSRF),
 * requireCookie (the cookie alone: the two user calls that hand out the token), requireStaff, requireSuperuser. A provisional account passes none of the first two: it may sign in,
 * but uses nothing until its owner logs in with the real account.
 */
export function addGuards(app: FastifyInstance) {
  /** Lets the request on (done) as `auth`, or answers it: 401 signed out, 403 provisional. */
  function admitToken(
    request: FastifyRequest,
    reply: FastifyReply,
    auth: Awaited<ReturnType<FastifyInstance['sessions']['fromToken']>>,
    done: HookHandlerDoneFunction,
  ) {
    if (!auth) {
      void reply.code(401).send(UNAUTHENTICATED);
      return;
    }
    // A provisional account may sign in, but uses nothing until its owner logs in with the real one.
    if (isProvisional(auth.user)) {
      void reply.code(403).send({ detail: PROVISIONAL_DETAIL });
      return;
    }
    request.auth = auth;
    // How long the installed app may keep this answer offline (contract/offline.rules.ts).
    void reply.header(KEEP_UNTIL_HEADER, app.sessions.keepUntil(auth.session));
    void reply.header(KEEP_SESSION_HEADER, sessionMarker(auth.session));
    done();
  }

  // A plain hook, not an async one: an API client's calls come in bursts the session memo answers,
  // and then the guard lets the request on at once, without the promises of a lookup.
  app.decorate(
    'requireToken',
    (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      // A delegate reads the parts of a record a student shared, by the API (issue 73).
      const delegate = delegateSessionOf(request);
      if (delegate !== undefined) {
        admitDelegate(app, request, reply, delegate).then(
          () => done(),
          (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
        );
        return;
      }
      const known = app.sessions.rememberedToken(request);
      if (known) return admitToken(request, reply, known, done);
      app.sessions.fromToken(request).then(
        (auth) => admitToken(request, reply, auth, done),
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
      );
    },
  );

  /**
   * The session cookie's person, or an answer: 401 (and the ended session's cookies cleared) when
   * signed out, 403 when `csrf` is asked and the request is not same-origin with the session's CSRF
   * token, 403 for a provisional account. The one cookie lookup of requireSession and requireCookie.
   */
  async function fromCookie(request: FastifyRequest, reply: FastifyReply, csrf: boolean) {
    const auth = await app.sessions.fromCookie(request);
    if (!auth) {
      app.sessions.forgetEnded(request, reply);
      await reply.code(401).send(UNAUTHENTICATED);
      return;
    }
    const sessionId = request.cookies[SESSION_COOKIE] ?? '';
    if (csrf && (!isSameOrigin(request) || request.headers[CSRF_HEADER] !== csrfFor(sessionId))) {
      await reply.code(403).send({ detail: 'CSRF check failed: reload the page and try again.' });
      return;
    }
    if (isProvisional(auth.user)) {
      await reply.code(403).send({ detail: PROVISIONAL_DETAIL });
      return;
    }
    request.auth = auth;
    void reply.header(KEEP_UNTIL_HEADER, app.sessions.keepUntil(auth.session));
    void reply.header(KEEP_SESSION_HEADER, sessionMarker(auth.session));
  }

  app.decorate('requireSession', async (request: FastifyRequest, reply: FastifyReply) => {
    await fromCookie(request, reply, true);
  });

  // Without a campus session, a delegate by their own cookie on a read their share may open (issue
  // 88: Next Steps' user read); the route's declaration decides, every other read answers 401.
  app.decorate('requireCookie', async (request: FastifyRequest, reply: FastifyReply) => {
    const delegate = delegateSessionOf(request);
    const opens = categoriesOfAccess(request.routeOptions.config.access).length > 0;
    if (delegate !== undefined && opens && request.cookies[SESSION_COOKIE] === undefined) {
      await admitDelegate(app, request, reply, delegate);
      return;
    }
    await fromCookie(request, reply, false);
  });

  // A form posted without scripts (issue 89: Finances' Pay): the session cookie's person, or a
  // delegate by their own cookie, let in as the API lets them (the route's declaration decides).
  app.decorate('requireForm', async (request: FastifyRequest, reply: FastifyReply) => {
    const delegate = delegateSessionOf(request);
    if (delegate !== undefined) {
      await admitDelegate(app, request, reply, delegate);
      return;
    }
    await fromCookie(request, reply, false);
  });

  app.decorate('requireStaff', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.auth) {
      await reply.code(401).send(UNAUTHENTICATED);
    } else if (!isStaff(request.auth.user)) {
      await reply.code(403).send({ detail: 'You do not have permission to perform this action.' });
    }
  });

  app.decorate('requireSuperuser', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.auth) {
      await reply.code(401).send(UNAUTHENTICATED);
    } else if (!isSuperuser(request.auth.user)) {
      await reply.code(403).send({ detail: 'You do not have permission to perform this action.' });
    }
  });
}

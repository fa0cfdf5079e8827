import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sealSisToken } from '../../auth/sis-token.js';
import type { SessionRecord } from '../../db/repositories/sessions.repository.js';
import { requestLanguage } from '../../i18n/request-language.js';
import { clearBrowserData, clearDemoCookies } from '../browser-data.js';
import { decorateActing } from '../acting.js';
import { addGuards } from '../session-guards.js';
import { SessionMemo, type Authenticated } from '../session-memo.js';
import {
  CLEANUP_EVERY_MS,
  expiresAt,
  isLive,
  keepUntil,
  lastSeenBefore,
  needsFreshRights,
  touchIntervalFor,
  type SessionPolicy,
} from '../session-policy.js';
import {
  SESSION_COOKIE,
  clearSessionCookies,
  hash,
  setSessionCookies,
  tokenFor,
  tokenHeaderOf,
} from '../session-tokens.js';

export {
  CSRF_COOKIE,
  CSRF_HEADER,
  SESSION_COOKIE,
  UNAUTHENTICATED,
  csrfFor,
  tokenFor,
} from '../session-tokens.js';

export type { Authenticated } from '../session-memo.js';
// What this plugin adds to the app and to each request (`sessions`, the guards, `auth`).
import '../session-types.js';
export { MEMO_MS } from '../session-memo.js';
export {
  MAX_TOUCH_INTERVAL_MS,
  defaultSessionPolicy,
  needsFreshRights,
  touchIntervalFor,
  type SessionPolicy,
} from '../session-policy.js';

export default fp(
  async function session(app: FastifyInstance, opts: { sessionPolicy?: SessionPolicy }) {
    const { config } = app;
    const policy = opts.sessionPolicy ?? {
      idleMs: config.session.idleMinutes * 60_000,
      absoluteMs: config.session.absoluteHours * 3_600_000,
    };
    const secure = config.nodeEnv === 'production';
    const touchInterval = touchIntervalFor(policy.idleMs);
    await app.register(cookie);
    app.decorateRequest('auth', null);
    app.decorateRequest('sessionLookup', null);
    // Whose record and who acts: set by the authenticated scope (plugins/acting.ts).
    decorateActing(app);

    const live = (session: SessionRecord, now: Date) => isLive(policy, session, now);

    async function resolve(found: SessionRecord | undefined): Promise<Authenticated | null> {
      if (!found) return null;
      const now = app.clock();
      if (!live(found, now)) {
        await app.repositories.sessions.delete(found.idHash);
        return null;
      }
      const user = await app.repositories.users.findById(found.userId);
      if (!user) return null;
      // Sliding the idle timeout needs minute precision at most: skip the write on most requests.
      if (now.getTime() - found.lastSeenAt.getTime() < touchInterval)
        return { user, session: found };
      await app.repositories.sessions.touch(found.idHash, now);
      return { user, session: { ...found, lastSeenAt: now } };
    }

    // Reads take a session checked a moment ago as checked (session-memo.ts says when).
    const memo = new SessionMemo(() => app.clock(), live);
    const forget = (idHash: string) => memo.forget(idHash);
    const forgetUser = (username: string) => memo.forgetUser(username);
    // Awaited before the answer goes out, so the other processes know before the browser does.
    const endedListeners: ((subject: string) => Promise<void>)[] = [];
    async function ended(idHash: string) {
      forget(idHash);
      await Promise.all(endedListeners.map((listener) => listener(idHash)));
    }

    async function lookUpCookie(request: FastifyRequest) {
      const sessionId = request.cookies[SESSION_COOKIE];
      if (!sessionId) return null;
      const found = await memo.checked(`id:${sessionId}`, needsFreshRights(request), async () =>
        resolve(await app.repositories.sessions.findByIdHash(hash(sessionId))),
      );
      return found && { ...found, token: tokenFor(sessionId) };
    }

    async function lookUpToken(request: FastifyRequest) {
      const claimed = tokenHeaderOf(request);
      if (!claimed) return null;
      const { token, key } = claimed;
      return memo.checked(key, needsFreshRights(request), async () =>
        resolve(await app.repositories.sessions.findByTokenHash(hash(token))),
      );
    }

    /** The browser forgets the session and what the origin stored for its person, as at logout. */
    function forgetInBrowser(reply: FastifyReply) {
      clearSessionCookies(reply, secure);
      clearBrowserData(reply, secure);
    }

    app.decorate('sessions', {
      async start(request, reply, userId, options = {}) {
        const previous = request.cookies[SESSION_COOKIE];
        if (previous) {
          await app.repositories.sessions.delete(hash(previous));
          await ended(hash(previous));
        }
        if (request.sessionLookup) request.sessionLookup.cookie = undefined;
        const user = await app.repositories.users.findById(userId);
        if (user) await app.nextSteps.prepareAtSignIn(user, options.sisToken?.access);
        // What is sent follows the language signed in with until one is chosen (issue 76).
        await app.repositories.preferences.noteSignInLanguage(userId, requestLanguage(request));
        const sessionId = randomBytes(32).toString('base64url');
        const token = tokenFor(sessionId);
        const now = app.clock();
        const ends = expiresAt(policy, now);
        await app.repositories.sessions.create({
          idHash: hash(sessionId),
          tokenHash: hash(token),
          userId,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: ends,
          sharedComputer: options.sharedComputer === true,
          sisToken: options.sisToken ? sealSisToken(app, options.sisToken, ends) : null,
        });
        // Demo mode belongs to the person who started it, not to the browser.
        clearDemoCookies(reply, secure);
        setSessionCookies(reply, sessionId, secure);
        return { sessionId, token };
      },
      async end(request, reply) {
        const found = await app.sessions.fromCookie(request);
        const sessionId = request.cookies[SESSION_COOKIE];
        if (sessionId) {
          await app.repositories.sessions.delete(hash(sessionId));
          await ended(hash(sessionId));
        }
        if (request.sessionLookup) request.sessionLookup.cookie = undefined;
        forgetInBrowser(reply);
        return found?.user ?? null;
      },
      keepUntil: (session) => keepUntil(policy, session),
      forgetEnded(request, reply) {
        if (request.cookies[SESSION_COOKIE] !== undefined) forgetInBrowser(reply);
      },
      fromCookie(request) {
        const lookup = (request.sessionLookup ??= {});
        return (lookup.cookie ??= lookUpCookie(request));
      },
      fromToken(request) {
        const lookup = (request.sessionLookup ??= {});
        return (lookup.token ??= lookUpToken(request));
      },
      rememberedToken(request) {
        // A lookup under way or made for this request decides (it may have found the session ended).
        if (request.sessionLookup?.token || needsFreshRights(request)) return undefined;
        const header = request.headers.authorization;
        // Only a token's key: a header spelling a cookie's key (`id:…`) must not find its session.
        if (!header?.startsWith('Token ')) return undefined;
        // The memo holds a `Token …` key only for a well-formed token (lookUpToken).
        return memo.remembered(header) ?? undefined;
      },
      forget,
      forgetUser,
      async rightsChanged(username) {
        forgetUser(username);
        await Promise.all(endedListeners.map((listener) => listener(`user:${username}`)));
      },
      onEnded(listener) {
        endedListeners.push(listener);
      },
    });

    addGuards(app);

    const sweep = setInterval(() => {
      const now = app.clock();
      app.repositories.sessions
        .deleteStale(now, lastSeenBefore(policy, now))
        .catch((err: unknown) => app.log.warn({ err }, 'could not remove stale sessions'));
    }, CLEANUP_EVERY_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  // The limiter's onRequest hook runs ahead of the guards this plugin adds.
  { name: 'session', dependencies: ['repositories', 'rate-limit'] },
);

import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import fp from 'fastify-plugin';
import { keepUntilValue } from '../../../contract/offline.rules.js';
import type { SessionRecord } from '../../db/repositories/sessions.repository.js';
import type { UserRecord } from '../../db/repositories/users.repository.js';
import { clearBrowserData, clearDemoCookies } from '../browser-data.js';
import { addGuards } from '../session-guards.js';
import { CSRF_COOKIE, SESSION_COOKIE, csrfFor, hash, tokenFor } from '../session-tokens.js';

export {
  CSRF_COOKIE,
  CSRF_HEADER,
  SESSION_COOKIE,
  UNAUTHENTICATED,
  csrfFor,
  tokenFor,
} from '../session-tokens.js';

export interface SessionPolicy {
  /** A session unused this long ends (sliding). */
  idleMs: number;
  /** A session ends this long after sign-in, used or not. */
  absoluteMs: number;
}

/** The form of the API token a request shows: `Authorization: Token <token>`. */
const TOKEN_HEADER = /^Token ([A-Za-z0-9_-]{16,128})$/;

/** How long a checked session is taken as checked without asking the store again. */
export const MEMO_MS = 2_000;
const MEMO_LIMIT = 10_000;

/**
 * How stale `last_seen_at` may get before a request writes it again: a minute at most, and never more
 * than a quarter of the idle window, so an active session never looks idle (with a 1-minute window a
 * touch every minute would end sessions in use).
 */
export const MAX_TOUCH_INTERVAL_MS = 60_000;
export const touchIntervalFor = (idleMs: number) => Math.min(MAX_TOUCH_INTERVAL_MS, idleMs / 4);

export const defaultSessionPolicy: SessionPolicy = {
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 3_600_000,
};

export interface Authenticated {
  user: UserRecord;
  session: SessionRecord;
}

const CLEANUP_EVERY_MS = 15 * 60_000;

/**
 * Whether the request must see the session and the user's rights as the store has them now, not as
 * this process checked them a moment ago: every change (a method other than GET and HEAD) and every
 * admin address.
 */
export function needsFreshRights(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  // The route's own path: the address as sent may spell it otherwise.
  const path = request.routeOptions.url ?? request.url;
  return /^\/(api\/)?admin(\/|$)/.test(path);
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: {
      /** Starts a new session (a new id every time; any session the request carried ends). */
      start: (
        request: FastifyRequest,
        reply: FastifyReply,
        userId: number,
        options?: { sharedComputer?: boolean },
      ) => Promise<{ sessionId: string; token: string }>;
      /**
       * The `x-keep-until` value of an answer read in `session` (contract/offline.rules.ts): when the
       * session ends as of now (idle or absolute, whichever is first), or `nothing` on a shared computer.
       */
      keepUntil: (session: SessionRecord) => string;
      /**
       * Ends the request's session on the server, clears its cookies and the demo cookies, and asks the
       * browser to clear what the origin stored (Clear-Site-Data); answers whose session it was.
       */
      end: (request: FastifyRequest, reply: FastifyReply) => Promise<UserRecord | null>;
      /**
       * When the request carries a session cookie whose session is over (idle, expired, ended
       * elsewhere), clears it and what the browser stored for that person, as logout does.
       */
      forgetEnded: (request: FastifyRequest, reply: FastifyReply) => void;
      fromCookie: (request: FastifyRequest) => Promise<(Authenticated & { token: string }) | null>;
      fromToken: (request: FastifyRequest) => Promise<Authenticated | null>;
      /**
       * fromToken's answer when this process checked the token's session a moment ago (the memo):
       * given at once, without a promise; undefined when the store must be asked (fromToken).
       */
      rememberedToken: (request: FastifyRequest) => Authenticated | undefined;
      /** Drops what this process remembers of a session (another process ended it). */
      forget: (idHash: string) => void;
      /** Drops what this process remembers of a person's sessions (another process changed their rights). */
      forgetUser: (username: string) => void;
      /**
       * A person's rights changed: every process forgets their checked sessions before this answers
       * (with Redis), so even a read the memo would answer sees the new rights.
       */
      rightsChanged: (username: string) => Promise<void>;
      /**
       * Told of every session this process ends (its id hash) and of every person whose rights changed
       * here (`user:<username>`), to tell the other processes (session-sync.ts).
       */
      onEnded: (listener: (subject: string) => Promise<void>) => void;
    };
    /** Guard: 401 unless the request carries `Authorization: Token <auth_token>` of a live session. */
    requireToken: (
      request: FastifyRequest,
      reply: FastifyReply,
      done: HookHandlerDoneFunction,
    ) => void;
    /**
     * Guard for cookie-authenticated state changes: 401 without a live session cookie, 403 unless
     * the request is same-origin and carries the session's CSRF token in `x-csrf-token`.
     */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Guard for the two reads that hand out the API token (`/api/users/user`, Next Steps' user): 401
     * without a live session cookie, 403 for a provisional account; no CSRF token (it is a read).
     */
    requireCookie: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Guard after requireToken or requireSession: 403 unless the user is staff. */
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Guard after requireToken or requireSession: 403 unless the user is a superuser. */
    requireSuperuser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: Authenticated | null;
    /**
     * The request's session lookups, made once: the rate limiter's key and the route's guard share
     * them (session.ts only).
     */
    sessionLookup: {
      cookie?: Promise<(Authenticated & { token: string }) | null>;
      token?: Promise<Authenticated | null>;
    } | null;
  }
}

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
    // The person a guard found (plugins/authenticated.ts): read before a guard ran, it throws.
    app.decorateRequest('user', {
      getter(this: FastifyRequest) {
        if (!this.auth) throw new Error('request.user read outside an authenticated scope');
        return this.auth.user;
      },
    });

    const isLive = (s: SessionRecord, now: Date) =>
      s.expiresAt > now && now.getTime() - s.lastSeenAt.getTime() < policy.idleMs;

    async function resolve(found: SessionRecord | undefined): Promise<Authenticated | null> {
      if (!found) return null;
      const now = app.clock();
      if (!isLive(found, now)) {
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

    // A session checked a moment ago is taken as checked: API calls come in bursts (a dashboard makes a
    // dozen at once), and each check costs two queries. Only reads are: a change (any method but GET
    // and HEAD) and every admin address read the session and the user's rights from the store, so a
    // revoked right stops working at once wherever it is checked. Sign-in and sign-out here forget at once; with
    // Redis, every other process is told too (session-sync.ts); without it (one process, or several
    // without Redis) a session ended by another process stops working within MEMO_MS. The memo is
    // keyed by the secret the request carries (held in this process only, like the request itself):
    // the cookie's session id, or the `Authorization` header with its token, so a remembered session
    // costs no hashing.
    const memo = new Map<string, { auth: Authenticated; until: number }>();
    // Counts the sessions ended or forgotten here: a lookup that was reading the store while one ended
    // may have read it before the end, and must not be remembered for MEMO_MS.
    let endings = 0;
    function remembered(key: string): Authenticated | null {
      const hit = memo.get(key);
      if (!hit) return null;
      const now = app.clock();
      if (hit.until > now.getTime() && isLive(hit.auth.session, now)) return hit.auth;
      memo.delete(key);
      return null;
    }
    async function checked(
      key: string,
      fresh: boolean,
      lookUp: () => Promise<Authenticated | null>,
    ) {
      const hit = fresh ? null : remembered(key);
      if (hit) return hit;
      const before = endings;
      const auth = await lookUp();
      if (!auth) memo.delete(key);
      if (auth && endings === before) {
        if (memo.size >= MEMO_LIMIT) memo.clear();
        memo.set(key, { auth, until: app.clock().getTime() + MEMO_MS });
      }
      return auth;
    }
    function forget(idHash: string) {
      endings += 1;
      for (const [key, hit] of memo) if (hit.auth.session.idHash === idHash) memo.delete(key);
    }
    function forgetUser(username: string) {
      endings += 1;
      for (const [key, hit] of memo) if (hit.auth.user.username === username) memo.delete(key);
    }
    // Awaited before the answer goes out, so the other processes know before the browser does.
    const endedListeners: ((subject: string) => Promise<void>)[] = [];
    async function ended(idHash: string) {
      forget(idHash);
      await Promise.all(endedListeners.map((listener) => listener(idHash)));
    }

    async function lookUpCookie(request: FastifyRequest) {
      const sessionId = request.cookies[SESSION_COOKIE];
      if (!sessionId) return null;
      const found = await checked(`id:${sessionId}`, needsFreshRights(request), async () =>
        resolve(await app.repositories.sessions.findByIdHash(hash(sessionId))),
      );
      return found && { ...found, token: tokenFor(sessionId) };
    }

    /**
     * The token of `Authorization: Token …`, and the header itself as the memo's key: a string the
     * request already holds (no key built per request), which never collides with a cookie's
     * `id:` key.
     */
    function tokenOf(request: FastifyRequest): { token: string; key: string } | null {
      const header = request.headers.authorization;
      const token = header ? TOKEN_HEADER.exec(header)?.[1] : undefined;
      return header && token ? { token, key: header } : null;
    }

    async function lookUpToken(request: FastifyRequest) {
      const claimed = tokenOf(request);
      if (!claimed) return null;
      const { token, key } = claimed;
      return checked(key, needsFreshRights(request), async () =>
        resolve(await app.repositories.sessions.findByTokenHash(hash(token))),
      );
    }

    const cookieOptions = { path: '/', sameSite: 'lax', secure } as const;
    function clearSessionCookies(reply: FastifyReply) {
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      reply.clearCookie(CSRF_COOKIE, { ...cookieOptions, sameSite: 'strict' });
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
        if (user) await app.nextSteps.prepareAtSignIn(user);
        const sessionId = randomBytes(32).toString('base64url');
        const token = tokenFor(sessionId);
        const now = app.clock();
        await app.repositories.sessions.create({
          idHash: hash(sessionId),
          tokenHash: hash(token),
          userId,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + policy.absoluteMs),
          sharedComputer: options.sharedComputer === true,
        });
        // Demo mode belongs to the person who started it, not to the browser.
        clearDemoCookies(reply, secure);
        reply.setCookie(SESSION_COOKIE, sessionId, { ...cookieOptions, httpOnly: true });
        reply.setCookie(CSRF_COOKIE, csrfFor(sessionId), {
          ...cookieOptions,
          httpOnly: false,
          sameSite: 'strict',
        });
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
        clearSessionCookies(reply);
        return found?.user ?? null;
      },
      keepUntil(session) {
        const idleEnd = session.lastSeenAt.getTime() + policy.idleMs;
        const end = Math.min(idleEnd, session.expiresAt.getTime());
        return keepUntilValue(new Date(end), session.sharedComputer);
      },
      forgetEnded(request, reply) {
        if (request.cookies[SESSION_COOKIE] !== undefined) clearSessionCookies(reply);
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
        return remembered(header) ?? undefined;
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
        .deleteStale(now, new Date(now.getTime() - policy.idleMs))
        .catch((err: unknown) => app.log.warn({ err }, 'could not remove stale sessions'));
    }, CLEANUP_EVERY_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  // The limiter's onRequest hook runs ahead of the guards this plugin adds.
  { name: 'session', dependencies: ['repositories', 'rate-limit'] },
);

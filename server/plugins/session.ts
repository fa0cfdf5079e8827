import { createHash, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionRecord } from '../db/repositories/sessions.repository.js';
import type { UserRecord } from '../db/repositories/users.repository.js';
import { isSameOrigin } from './same-origin.js';

export const SESSION_COOKIE = 'portal_session';
/** Readable by the page: it sends the value back as `x-csrf-token` on cookie-authenticated changes. */
export const CSRF_COOKIE = 'portal_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export interface SessionPolicy {
  /** A session unused this long ends (sliding). */
  idleMs: number;
  /** A session ends this long after sign-in, used or not. */
  absoluteMs: number;
}

/** How long a checked session is taken as checked without asking the store again. */
export const MEMO_MS = 2_000;
const MEMO_LIMIT = 10_000;

/** How stale `last_seen_at` may get before a request writes it again. */
export const TOUCH_INTERVAL_MS = 60_000;

export const defaultSessionPolicy: SessionPolicy = {
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 3_600_000,
};

export interface Authenticated {
  user: UserRecord;
  session: SessionRecord;
}

const UNAUTHENTICATED = { detail: 'Authentication credentials were not provided.' };
const CLEANUP_EVERY_MS = 15 * 60_000;

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The API token of a session: derived from the session id, so only the holder of the cookie can show it. */
export const tokenFor = (sessionId: string) => hash(`token:${sessionId}`);

/** The CSRF token of a session, derived the same way: a cross-site page can neither read nor guess it. */
export const csrfFor = (sessionId: string) => hash(`csrf:${sessionId}`);

/** Who may use the admin and other staff-only features. */
export const isStaff = (user: UserRecord) => user.is_staff || user.is_superuser;

declare module 'fastify' {
  interface FastifyInstance {
    sessions: {
      /** Starts a new session (a new id every time; any session the request carried ends). */
      start: (
        request: FastifyRequest,
        reply: FastifyReply,
        userId: number,
      ) => Promise<{ sessionId: string; token: string }>;
      /** Ends the request's session on the server and clears its cookies; answers whose it was. */
      end: (request: FastifyRequest, reply: FastifyReply) => Promise<UserRecord | null>;
      fromCookie: (request: FastifyRequest) => Promise<(Authenticated & { token: string }) | null>;
      fromToken: (request: FastifyRequest) => Promise<Authenticated | null>;
    };
    /** Guard: 401 unless the request carries `Authorization: Token <auth_token>` of a live session. */
    requireToken: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Guard for cookie-authenticated state changes: 401 without a live session cookie, 403 unless
     * the request is same-origin and carries the session's CSRF token in `x-csrf-token`.
     */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Guard after requireToken or requireSession: 403 unless the user is staff. */
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

export default fp(
  async function session(app: FastifyInstance, opts: { policy: SessionPolicy; secure: boolean }) {
    const { policy } = opts;
    await app.register(cookie);
    app.decorateRequest('auth', null);

    const isLive = (s: SessionRecord, now: Date) =>
      s.expiresAt > now && now.getTime() - s.lastSeenAt.getTime() < policy.idleMs;

    async function resolve(found: SessionRecord | undefined): Promise<Authenticated | null> {
      if (!found) return null;
      const now = app.clock();
      if (!isLive(found, now)) {
        await app.repos.sessions.delete(found.idHash);
        return null;
      }
      const user = await app.repos.users.findById(found.userId);
      if (!user) return null;
      // Sliding the idle timeout needs minute precision at most: skip the write on most requests.
      if (now.getTime() - found.lastSeenAt.getTime() < TOUCH_INTERVAL_MS)
        return { user, session: found };
      await app.repos.sessions.touch(found.idHash, now);
      return { user, session: { ...found, lastSeenAt: now } };
    }

    // A session checked a moment ago is taken as checked: API calls come in bursts (a dashboard makes a
    // dozen at once), and each check costs two queries. Sign-in and sign-out here forget at once; a
    // session ended by another server process stops working within MEMO_MS.
    const memo = new Map<string, { auth: Authenticated; until: number }>();
    function remembered(key: string): Authenticated | null {
      const hit = memo.get(key);
      if (!hit) return null;
      const now = app.clock();
      if (hit.until > now.getTime() && isLive(hit.auth.session, now)) return hit.auth;
      memo.delete(key);
      return null;
    }
    function remember(key: string, auth: Authenticated | null) {
      if (!auth) return auth;
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(key, { auth, until: app.clock().getTime() + MEMO_MS });
      return auth;
    }
    function forget(idHash: string) {
      for (const [key, hit] of memo) if (hit.auth.session.idHash === idHash) memo.delete(key);
    }

    // A request is authenticated once: the rate limiter's key and the route's guard share the lookup.
    const byCookie = new WeakMap<FastifyRequest, ReturnType<typeof lookUpCookie>>();
    const byToken = new WeakMap<FastifyRequest, Promise<Authenticated | null>>();

    async function lookUpCookie(request: FastifyRequest) {
      const sessionId = request.cookies[SESSION_COOKIE];
      if (!sessionId) return null;
      const idHash = hash(sessionId);
      const found =
        remembered(`id:${idHash}`) ??
        remember(`id:${idHash}`, await resolve(await app.repos.sessions.findByIdHash(idHash)));
      return found && { ...found, token: tokenFor(sessionId) };
    }

    async function lookUpToken(request: FastifyRequest) {
      const header = request.headers.authorization;
      const match = header ? /^Token ([A-Za-z0-9_-]{16,128})$/.exec(header) : null;
      if (!match?.[1]) return null;
      const tokenHash = hash(match[1]);
      return (
        remembered(`token:${tokenHash}`) ??
        remember(
          `token:${tokenHash}`,
          await resolve(await app.repos.sessions.findByTokenHash(tokenHash)),
        )
      );
    }

    const cookieOptions = { path: '/', sameSite: 'lax', secure: opts.secure } as const;

    app.decorate('sessions', {
      async start(request, reply, userId) {
        const previous = request.cookies[SESSION_COOKIE];
        if (previous) {
          forget(hash(previous));
          await app.repos.sessions.delete(hash(previous));
        }
        byCookie.delete(request);
        const sessionId = randomBytes(32).toString('base64url');
        const token = tokenFor(sessionId);
        const now = app.clock();
        await app.repos.sessions.create({
          idHash: hash(sessionId),
          tokenHash: hash(token),
          userId,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + policy.absoluteMs),
        });
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
          forget(hash(sessionId));
          await app.repos.sessions.delete(hash(sessionId));
        }
        byCookie.delete(request);
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
        reply.clearCookie(CSRF_COOKIE, { ...cookieOptions, sameSite: 'strict' });
        return found?.user ?? null;
      },
      fromCookie(request) {
        let found = byCookie.get(request);
        if (!found) byCookie.set(request, (found = lookUpCookie(request)));
        return found;
      },
      fromToken(request) {
        let found = byToken.get(request);
        if (!found) byToken.set(request, (found = lookUpToken(request)));
        return found;
      },
    });

    app.decorate('requireToken', async (request: FastifyRequest, reply: FastifyReply) => {
      const auth = await app.sessions.fromToken(request);
      if (!auth) {
        await reply.code(401).send(UNAUTHENTICATED);
        return;
      }
      request.auth = auth;
    });

    app.decorate('requireSession', async (request: FastifyRequest, reply: FastifyReply) => {
      const auth = await app.sessions.fromCookie(request);
      if (!auth) {
        await reply.code(401).send(UNAUTHENTICATED);
        return;
      }
      const sessionId = request.cookies[SESSION_COOKIE] ?? '';
      if (!isSameOrigin(request) || request.headers[CSRF_HEADER] !== csrfFor(sessionId)) {
        await reply.code(403).send({ detail: 'CSRF check failed: reload the page and try again.' });
        return;
      }
      request.auth = auth;
    });

    app.decorate('requireStaff', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.auth) {
        await reply.code(401).send(UNAUTHENTICATED);
      } else if (!isStaff(request.auth.user)) {
        await reply
          .code(403)
          .send({ detail: 'You do not have permission to perform this action.' });
      }
    });

    const sweep = setInterval(() => {
      const now = app.clock();
      app.repos.sessions
        .deleteStale(now, new Date(now.getTime() - policy.idleMs))
        .catch((err: unknown) => app.log.warn({ err }, 'could not remove stale sessions'));
    }, CLEANUP_EVERY_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'session', dependencies: ['db'] },
);

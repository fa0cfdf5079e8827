import { createHash, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionRecord } from '../db/repositories/sessions.repository.js';
import type { UserRecord } from '../db/repositories/users.repository.js';

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

export const defaultSessionPolicy: SessionPolicy = {
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 3_600_000,
};

export interface Authenticated {
  user: UserRecord;
  session: SessionRecord;
}

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The API token of a session: derived from the session id, so only the holder of the cookie can show it. */
export const tokenFor = (sessionId: string) => hash(`token:${sessionId}`);

/** The CSRF token of a session, derived the same way: a cross-site page can neither read nor guess it. */
export const csrfFor = (sessionId: string) => hash(`csrf:${sessionId}`);

/** Whether a state-changing request comes from our own pages (Origin, else Referer, must match). */
function isSameOrigin(request: FastifyRequest): boolean {
  const source = request.headers.origin ?? request.headers.referer;
  if (!source) return true; // Not a browser: the CSRF token alone decides.
  try {
    return new URL(source).host === new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return false;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: {
      start: (reply: FastifyReply, userId: number) => Promise<{ sessionId: string; token: string }>;
      end: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
      fromCookie: (request: FastifyRequest) => Promise<(Authenticated & { token: string }) | null>;
      fromToken: (request: FastifyRequest) => Promise<Authenticated | null>;
    };
    /** preHandler: 401 unless the request carries `Authorization: Token <auth_token>` of a live session. */
    requireToken: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * preHandler for cookie-authenticated state changes: 401 without a live session cookie, 403 unless
     * the request is same-origin and carries the session's CSRF token in `x-csrf-token`.
     */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

export default fp(
  async function session(app: FastifyInstance, opts: { policy?: SessionPolicy; secure: boolean }) {
    const policy = opts.policy ?? defaultSessionPolicy;
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
      await app.repos.sessions.touch(found.idHash, now);
      return { user, session: found };
    }

    app.decorate('sessions', {
      async start(reply, userId) {
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
        reply.setCookie(SESSION_COOKIE, sessionId, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: opts.secure,
        });
        reply.setCookie(CSRF_COOKIE, csrfFor(sessionId), {
          path: '/',
          httpOnly: false,
          sameSite: 'strict',
          secure: opts.secure,
        });
        return { sessionId, token };
      },
      async end(request, reply) {
        const sessionId = request.cookies[SESSION_COOKIE];
        if (sessionId) await app.repos.sessions.delete(hash(sessionId));
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        reply.clearCookie(CSRF_COOKIE, { path: '/' });
      },
      async fromCookie(request) {
        const sessionId = request.cookies[SESSION_COOKIE];
        if (!sessionId) return null;
        const found = await resolve(await app.repos.sessions.findByIdHash(hash(sessionId)));
        return found && { ...found, token: tokenFor(sessionId) };
      },
      async fromToken(request) {
        const header = request.headers.authorization;
        const match = header ? /^Token ([A-Za-z0-9_-]{16,128})$/.exec(header) : null;
        if (!match?.[1]) return null;
        return resolve(await app.repos.sessions.findByTokenHash(hash(match[1])));
      },
    });

    app.decorate('requireToken', async (request: FastifyRequest, reply: FastifyReply) => {
      const auth = await app.sessions.fromToken(request);
      if (!auth) {
        await reply.code(401).send({ detail: 'Authentication credentials were not provided.' });
        return;
      }
      request.auth = auth;
    });

    app.decorate('requireSession', async (request: FastifyRequest, reply: FastifyReply) => {
      const auth = await app.sessions.fromCookie(request);
      const sessionId = request.cookies[SESSION_COOKIE];
      if (!auth || !sessionId) {
        await reply.code(401).send({ detail: 'Authentication credentials were not provided.' });
        return;
      }
      if (!isSameOrigin(request) || request.headers[CSRF_HEADER] !== csrfFor(sessionId)) {
        await reply.code(403).send({ detail: 'CSRF check failed: reload the page and try again.' });
        return;
      }
      request.auth = auth;
    });
  },
  { name: 'session', dependencies: ['db'] },
);

import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'portal_session';
/** Readable by the page: it sends the value back as `x-csrf-token` on cookie-authenticated changes. */
export const CSRF_COOKIE = 'portal_csrf';
/**
 * A delegate session's CSRF token (issue 89: a form a delegate posts without scripts, Finances'
 * Pay), beside `portal_csrf` rather than in its place, so a campus session in the same browser
 * keeps its own.
 */
export const DELEGATE_CSRF_COOKIE = 'portal_delegate_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export const UNAUTHENTICATED = { detail: 'Authentication credentials were not provided.' };

export const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The API token of a session: derived from the session id, so only the holder of the cookie can show it. */
export const tokenFor = (sessionId: string) => hash(`token:${sessionId}`);

/**
 * The session's marker on its signed-in answers (`x-keep-session`, contract/offline.rules.ts): a
 * short digest of the id hash the store keeps, so it names the session without revealing its id.
 */
export function sessionMarker(session: { idHash: string }): string {
  // Every signed-in answer carries it: worked out once a session, not hashed per answer (issue 78).
  let marker = MARKERS.get(session.idHash);
  if (marker === undefined) {
    if (MARKERS.size >= MARKERS_MAX) MARKERS.clear();
    marker = hash(`keep-session:${session.idHash}`).slice(0, 16);
    MARKERS.set(session.idHash, marker);
  }
  return marker;
}
const MARKERS = new Map<string, string>();
const MARKERS_MAX = 4_096;

/** The CSRF token of a session, derived the same way: a cross-site page can neither read nor guess it. */
export const csrfFor = (sessionId: string) => hash(`csrf:${sessionId}`);

/**
 * The form of the API token a request shows, `Authorization: Token <token>`: the sessions and the
 * rate limiter accept nothing else as a credential.
 */
export const TOKEN_HEADER = /^Token ([A-Za-z0-9_-]{16,128})$/;

/**
 * The token of the request's `Authorization: Token …`, and the header itself as the session memo's
 * key (`session-memo.ts`): a string the request already holds (no key built per request), which never
 * collides with a cookie's `id:` key. Null without a well-formed token.
 */
export function tokenHeaderOf(request: FastifyRequest): { token: string; key: string } | null {
  const header = request.headers.authorization;
  const token = header ? TOKEN_HEADER.exec(header)?.[1] : undefined;
  return header && token ? { token, key: header } : null;
}

/** The API token of the request's session cookie: for a route behind requireCookie, which found it live. */
export const cookieTokenOf = (request: FastifyRequest) =>
  tokenFor(request.cookies[SESSION_COOKIE] ?? '');

const cookieOptions = (secure: boolean) => ({ path: '/', sameSite: 'lax', secure }) as const;

/** Gives the browser a new session's cookies: its id (httpOnly) and its CSRF token, which the page reads. */
export function setSessionCookies(reply: FastifyReply, sessionId: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, sessionId, { ...cookieOptions(secure), httpOnly: true });
  reply.setCookie(CSRF_COOKIE, csrfFor(sessionId), {
    ...cookieOptions(secure),
    httpOnly: false,
    sameSite: 'strict',
  });
}

/** The CSRF token a form the page draws carries: the campus session's, else a delegate session's. */
export const formCsrfOf = (request: FastifyRequest): string | null =>
  request.cookies[CSRF_COOKIE] ?? request.cookies[DELEGATE_CSRF_COOKIE] ?? null;

/** Clears the session's cookies in the browser. */
export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(secure));
  reply.clearCookie(CSRF_COOKIE, { ...cookieOptions(secure), sameSite: 'strict' });
}

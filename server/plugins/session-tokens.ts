import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'portal_session';
/** Readable by the page: it sends the value back as `x-csrf-token` on cookie-authenticated changes. */
export const CSRF_COOKIE = 'portal_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export const UNAUTHENTICATED = { detail: 'Authentication credentials were not provided.' };

export const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The API token of a session: derived from the session id, so only the holder of the cookie can show it. */
export const tokenFor = (sessionId: string) => hash(`token:${sessionId}`);

/** The CSRF token of a session, derived the same way: a cross-site page can neither read nor guess it. */
export const csrfFor = (sessionId: string) => hash(`csrf:${sessionId}`);

/** The API token of the request's session cookie: for a route behind requireCookie, which found it live. */
export const cookieTokenOf = (request: FastifyRequest) =>
  tokenFor(request.cookies[SESSION_COOKIE] ?? '');

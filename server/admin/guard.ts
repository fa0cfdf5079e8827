import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from '../html/page.js';
import { holds } from '../auth/rights.js';
import type { AdminLevel } from '../auth/rights.js';
import { csrfFor, SESSION_COOKIE, CSRF_HEADER } from '../plugins/app/session.js';
import { isSameOrigin } from '../plugins/same-origin.js';

export type { AdminLevel };

const wantsHtml = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

/** The CSRF token of the request's session, put in every admin form as the hidden field `csrf`. */
export const csrfOf = (request: FastifyRequest) => csrfFor(request.cookies[SESSION_COOKIE] ?? '');

/**
 * Every admin address: signed in by the session cookie (a browser is sent to sign in), staff (or
 * superuser) or 403. Runs at onRequest, before any body is read.
 */
export function adminAccess(app: FastifyInstance, level: AdminLevel) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const found = await app.sessions.fromCookie(request);
    if (!found) {
      if (request.method === 'GET' && wantsHtml(request)) {
        const next = encodeURIComponent(request.url);
        return reply.redirect(`/auth/sign-in?next=${next}`, 303);
      }
      return reply.code(401).send({ detail: 'Authentication credentials were not provided.' });
    }
    if (!holds(found.user, level)) {
      return sendProblem(request, reply, {
        status: 403,
        title: level === 'superuser' ? 'Superusers only' : 'Staff only',
        detail: 'You do not have permission to perform this action.',
        link: { href: '/', text: 'Back to the portal' },
      });
    }
    request.auth = { user: found.user, session: found.session };
  };
}

const hasField = (body: unknown, value: string) =>
  typeof body === 'object' && body !== null && 'csrf' in body && body.csrf === value;

/**
 * Every admin change: same origin, and the session's CSRF token in the `x-csrf-token` header (scripts)
 * or the form's hidden `csrf` field (forms). After the body is read, before it is validated.
 */
export async function adminCsrf(request: FastifyRequest, reply: FastifyReply) {
  const expected = csrfOf(request);
  const header = request.headers[CSRF_HEADER];
  if (isSameOrigin(request) && (header === expected || hasField(request.body, expected))) return;
  await sendProblem(request, reply, {
    status: 403,
    title: 'This form has expired',
    detail: 'CSRF check failed: reload the page and try again.',
    link: { href: '/admin', text: 'Back to the admin' },
  });
}

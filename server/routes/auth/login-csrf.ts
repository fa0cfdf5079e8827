import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SecretBox } from '../../auth/secret-box.js';
import { isSameOrigin } from '../../plugins/same-origin.js';

/**
 * The sign-in form is posted before there is a session, so its CSRF token cannot come from one: a
 * signed double-submit pair instead. GET /auth/login sets a random value in an HttpOnly cookie and
 * puts its signature in the form; POST checks that the two belong together and the origin is ours.
 */
export const LOGIN_CSRF_COOKIE = 'portal_login';
const PURPOSE = 'login-csrf';
const VALUE = /^[A-Za-z0-9_-]{43}$/;

export function issueLoginCsrf(
  request: FastifyRequest,
  reply: FastifyReply,
  box: SecretBox,
  secure: boolean,
): string {
  // Reusing a valid cookie keeps sign-in pages open in several tabs working.
  let value = request.cookies[LOGIN_CSRF_COOKIE];
  if (!value || !VALUE.test(value)) {
    value = randomBytes(32).toString('base64url');
    reply.setCookie(LOGIN_CSRF_COOKIE, value, {
      path: '/auth',
      httpOnly: true,
      sameSite: 'lax',
      secure,
    });
  }
  return box.sign(PURPOSE, value);
}

export function isLoginCsrfValid(request: FastifyRequest, box: SecretBox, token: string): boolean {
  const value = request.cookies[LOGIN_CSRF_COOKIE];
  return Boolean(value) && isSameOrigin(request) && box.verify(PURPOSE, value ?? '', token);
}

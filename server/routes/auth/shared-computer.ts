import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * "This is a shared computer" (issue 56): ticked on the sign-in page, the session carries it and the
 * installed app keeps nothing of the person offline. The demo sign-in posts it with the form; a
 * provider's sign-in (OpenID Connect, SAML) leaves the portal and comes back, so the choice rides in
 * this short cookie from /auth/login to the callback, which takes it (and clears it).
 */
export const SHARED_COMPUTER_COOKIE = 'portal_shared';
/**
 * Where the apps send a person to sign in (src/lib/login.ts): with a provider, the portal's page
 * with the box, which goes on to `/auth/login`; with the demo sign-in, that page itself.
 */
export const SIGN_IN_PATH = '/auth/sign-in';
const MINUTES = 10;

/** The field's name and value in the sign-in forms. */
export const SHARED_FIELD = 'shared';
export const TICKED = '1';

const cookieOptions = (secure: boolean) =>
  ({
    path: '/auth',
    httpOnly: true,
    // The SAML answer comes back by a cross-site POST, which a Lax cookie would not come with.
    sameSite: secure ? 'none' : 'lax',
    secure,
  }) as const;

/** Keeps the choice for the provider's round trip, or forgets an earlier one. */
export function rememberSharedChoice(reply: FastifyReply, shared: boolean, secure: boolean) {
  if (shared) {
    reply.setCookie(SHARED_COMPUTER_COOKIE, TICKED, {
      ...cookieOptions(secure),
      maxAge: MINUTES * 60,
    });
  } else reply.clearCookie(SHARED_COMPUTER_COOKIE, cookieOptions(secure));
}

/** Whether the sign-in now ending was started with the box ticked; the cookie goes. */
export function takeSharedChoice(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): boolean {
  const shared = request.cookies[SHARED_COMPUTER_COOKIE] === TICKED;
  if (request.cookies[SHARED_COMPUTER_COOKIE] !== undefined) {
    reply.clearCookie(SHARED_COMPUTER_COOKIE, cookieOptions(secure));
  }
  return shared;
}

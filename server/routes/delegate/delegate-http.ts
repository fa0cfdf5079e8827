import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { delegateLanding } from '../../../contract/delegate-sections.rules.js';
import type { DelegateLanding } from '../../../contract/delegate-sections.rules.js';
import { categoriesOf } from '../../delegates/rules.js';
import { delegateAccess } from '../../delegates/sign-in.js';
import { DELEGATE_COOKIE, DELEGATE_SESSION_HOURS } from '../../delegates/tokens.js';
import { DELEGATE_CSRF_COOKIE, csrfFor } from '../../plugins/session-tokens.js';

/** The delegate's home page (issue 73). */
export const HOME = '/auth/delegate' as const;
export const tokenQuerySchema = z.object({ token: z.string().max(100).default('') });
/** What the home page says after a passkey was added (by the script) or removed (by a form). */
export const homeQuerySchema = z.object({
  passkey: z.enum(['added', 'removed']).optional().catch(undefined),
});
export const wantsHtml = (request: FastifyRequest) =>
  /\btext\/html\b/.test(request.headers.accept ?? '');

/**
 * Where a delegate goes once signed in (issue 88): the portal's first shared section when a
 * student's share is chosen, there at once so that a page without scripts opens there too; their
 * home page to choose one, when several students share with them.
 */
export async function landingOf(
  app: FastifyInstance,
  sessionId: string,
): Promise<DelegateLanding | typeof HOME> {
  const access = await delegateAccess(app.repositories, sessionId, app.clock());
  return access?.viewing ? delegateLanding(categoriesOf(access.viewing.grant.categories)) : HOME;
}

/** The delegate session's cookie: httpOnly, for the session's hours (its id is stored hashed). */
export const delegateCookie = (secure: boolean) => ({
  path: '/',
  httpOnly: true,
  secure,
  sameSite: 'lax' as const,
  maxAge: DELEGATE_SESSION_HOURS * 60 * 60,
});

/**
 * Gives the browser a delegate session's cookies: its id (httpOnly) and its CSRF token, which a
 * page's form posted without scripts carries (issue 89: Finances' Pay).
 */
export function setDelegateCookies(reply: FastifyReply, sessionId: string, secure: boolean) {
  void reply.setCookie(DELEGATE_COOKIE, sessionId, delegateCookie(secure));
  void reply.setCookie(DELEGATE_CSRF_COOKIE, csrfFor(sessionId), {
    ...delegateCookie(secure),
    httpOnly: false,
    sameSite: 'strict',
  });
}

/** Clears a delegate session's cookies in the browser. */
export function clearDelegateCookies(reply: FastifyReply) {
  void reply.clearCookie(DELEGATE_COOKIE, { path: '/' });
  void reply.clearCookie(DELEGATE_CSRF_COOKIE, { path: '/' });
}

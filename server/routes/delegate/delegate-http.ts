import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DELEGATE_SESSION_HOURS } from '../../delegates/tokens.js';

/** The delegate's home page (issue 73). */
export const HOME = '/auth/delegate';
export const tokenQuerySchema = z.object({ token: z.string().max(100).default('') });
/** What the home page says after a passkey was added (by the script) or removed (by a form). */
export const homeQuerySchema = z.object({
  passkey: z.enum(['added', 'removed']).optional().catch(undefined),
});
export const wantsHtml = (request: FastifyRequest) =>
  /\btext\/html\b/.test(request.headers.accept ?? '');

/** The delegate session's cookie: httpOnly, for the session's hours (its id is stored hashed). */
export const delegateCookie = (secure: boolean) => ({
  path: '/',
  httpOnly: true,
  secure,
  sameSite: 'lax' as const,
  maxAge: DELEGATE_SESSION_HOURS * 60 * 60,
});

import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** A new single-use token (256 bits, base64url): it goes in an email, only its hash in the store. */
export const newDelegateToken = (): string => randomBytes(32).toString('base64url');

/** The hash the store keeps of a token or a delegate's session id (SHA-256, base64url). */
export const tokenHash = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');

/** The delegate session's cookie: httpOnly, Secure, SameSite=Lax, path `/`. */
export const DELEGATE_COOKIE = 'portal_delegate';

/** A delegate's session lasts at most 8 hours. */
export const DELEGATE_SESSION_HOURS = 8;

/** A delegate's session id: their cookie, on a request that carries no campus credential. */
export const delegateSessionOf = (request: FastifyRequest): string | undefined =>
  request.headers.authorization === undefined ? request.cookies[DELEGATE_COOKIE] : undefined;

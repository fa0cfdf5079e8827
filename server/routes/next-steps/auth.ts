import type { FastifyRequest } from 'fastify';
import type { UserRecord } from '../../db/repositories/users.repository.js';

/** The user `requireToken` let through. */
export function authUser(request: FastifyRequest): UserRecord {
  const auth = request.auth;
  if (!auth) throw new Error('requireToken let an unauthenticated request through');
  return auth.user;
}

export const NOT_FOUND = { detail: 'Not found.' } as const;
export const PREFIX = '/next-steps/api';

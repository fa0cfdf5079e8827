import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROVISIONAL_DETAIL } from '../../../contract/user.schema.js';
import { isProvisional } from '../../auth/rights.js';

/**
 * The user of the session cookie, for the two user calls (portal and Next Steps). Answers 401 when
 * signed out and 403 `has_provisional_account` for a provisional account, and then gives null; else
 * sets the request's `auth`, as a guard does.
 */
export async function cookieUser(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const found = await app.sessions.fromCookie(request);
  if (!found) {
    app.sessions.forgetEnded(request, reply);
    await reply.code(401).send({ detail: 'Authentication credentials were not provided.' });
    return null;
  }
  if (isProvisional(found.user)) {
    await reply.code(403).send({ detail: PROVISIONAL_DETAIL });
    return null;
  }
  // As a guard does: what the request may see (its data source, plugins/data-sources.ts) follows it.
  request.auth = { user: found.user, session: found.session };
  return found;
}

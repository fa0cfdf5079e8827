import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { delegateMeSchema, delegateViewBodySchema } from '../../../contract/delegates.schema.js';
import { errorSchema } from '../../../contract/error.schema.js';
import { delegateAccess } from '../../delegates/sign-in.js';
import { DELEGATE_COOKIE } from '../../delegates/tokens.js';
import { delegateSessionOf } from '../../delegates/tokens.js';
import { isSameOrigin } from '../../plugins/same-origin.js';
import { UNAUTHENTICATED } from '../../plugins/session-tokens.js';
import { sharesOf } from './shares.js';
import { clearDelegateCookies, landingOf } from './delegate-http.js';

const HOME = '/auth/delegate';
const wantsHtml = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

/**
 * A delegate's session (issue 73): who is signed in and whose record they view (read by the shared
 * portal), the choice of student for a delegate with two or more, and signing out. Read from the
 * store on every request.
 */
export default async function delegateSessionRoutes(app: FastifyInstance) {
  await app.register(formbody);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${HOME}/me`,
    {
      config: { access: 'public' },
      schema: {
        summary: 'The signed-in delegate, who shares with them and whose record they view',
        response: { 200: delegateMeSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const sessionId = delegateSessionOf(request);
      const access = sessionId
        ? await delegateAccess(app.repositories, sessionId, app.clock())
        : undefined;
      if (!access) return reply.code(401).send(UNAUTHENTICATED);
      const delegate = await app.repositories.delegations.delegate(access.delegateId);
      return reply.header('cache-control', 'no-store').send({
        name: delegate?.name ?? '',
        email: delegate?.email ?? '',
        shares: await sharesOf(app, access),
        viewing: access.viewing?.grant.id ?? null,
      });
    },
  );

  r.post(
    `${HOME}/view`,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Choose whose shared record to view',
        body: delegateViewBodySchema,
        response: { 204: z.null(), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const sessionId = delegateSessionOf(request);
      if (!isSameOrigin(request))
        return reply
          .code(403)
          .send({ detail: 'CSRF check failed: reload the page and try again.' });
      const access = sessionId
        ? await delegateAccess(app.repositories, sessionId, app.clock())
        : undefined;
      if (!access) return reply.code(401).send(UNAUTHENTICATED);
      if (!access.grants.some((g) => g.id === request.body.delegation))
        return reply.code(403).send({ detail: 'Not shared with you.' });
      await app.repositories.delegateTokens.choose(access.idHash, request.body.delegation);
      // The chosen student's first shared page (issue 88).
      if (!wantsHtml(request)) return reply.code(204).send(null);
      return reply.redirect(await landingOf(app, sessionId ?? ''), 303);
    },
  );

  r.post(
    `${HOME}/logout`,
    {
      config: { access: 'public' },
      schema: { summary: 'Sign a delegate out', response: { 204: z.null() } },
    },
    async (request, reply) => {
      const sessionId = delegateSessionOf(request) ?? request.cookies[DELEGATE_COOKIE];
      if (sessionId) {
        const access = await delegateAccess(app.repositories, sessionId, app.clock());
        if (access) await app.repositories.delegateTokens.endSession(access.idHash);
      }
      clearDelegateCookies(reply);
      return wantsHtml(request) ? reply.redirect(HOME, 303) : reply.code(204).send(null);
    },
  );
}

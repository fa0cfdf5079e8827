import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REAUTH_DETAIL,
  CONSENTS_MAX,
  DELEGATION_VIEWS_MAX,
  DELEGATIONS_MAX,
  REAUTH_MINUTES,
  consentRecordListSchema,
  delegationChangeSchema,
  delegationInviteSchema,
  delegationListSchema,
  delegationParamsSchema,
} from '../../../contract/delegates.schema.js';
import { errorSchema } from '../../../contract/error.schema.js';
import { toConsentRecord } from '../../delegates/consent.js';
import { GrantEndError, change, invite, revoke } from '../../delegates/grants.js';
import { toDelegation } from '../../delegates/rules.js';
import { delegateDeps } from '../../delegates/grants.js';

const notFound = (reply: FastifyReply) => reply.code(404).send({ detail: 'Not found.' });

/**
 * FERPA's signature (34 CFR 99.30): a grant or a change is signed by signing in; a session started
 * more than REAUTH_MINUTES ago (its `createdAt`, which only a new sign-in resets) must sign in again.
 */
const signedRecently = (request: FastifyRequest, now: Date) => {
  // The session's sign-in, as the acting hook found it (auth/acting.ts actingOf).
  const at = request.acting?.signedInAt;
  return at !== undefined && now.getTime() - at.getTime() <= REAUTH_MINUTES * 60 * 1000;
};

/**
 * Account → People you share with (issue 73): the student's grants with each delegate's views, a new
 * grant, a change, a revocation, and each grant's consent records. Another student's grant answers 404.
 */
export default async function delegationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = delegateDeps(app);
  const own = async (request: FastifyRequest, id: number) => {
    const grant = await app.repositories.delegations.find(id);
    return grant?.student_id === request.subject.id ? grant : undefined;
  };

  r.get(
    '/api/delegations',
    {
      config: { access: { self: 'read', support: 'read', delegate: null } },
      schema: {
        summary: 'The people a student shares parts of the record with',
        response: { 200: delegationListSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const now = app.clock();
      const grants = await app.repositories.delegations.ofStudent(
        request.subject.id,
        DELEGATIONS_MAX,
      );
      const views = await app.repositories.delegations.views(
        grants.map((g) => g.id),
        DELEGATION_VIEWS_MAX,
      );
      // Issue 89: a payment a delegate started is in the log beside their views, newest first.
      const paid = await app.repositories.payments.byDelegates(
        request.subject.id,
        [...new Set(grants.map((g) => g.delegate_id))],
        DELEGATIONS_MAX * DELEGATION_VIEWS_MAX,
      );
      return grants.map((g) =>
        toDelegation(
          g,
          [
            ...views.filter((v) => v.delegation_id === g.id),
            ...paid
              .filter((p) => p.actedBy === g.delegate_id)
              .map((p) => ({
                category: 'finances',
                viewed_at: p.createdAt.toISOString(),
                paid_cents: p.amountCents,
              })),
          ]
            .sort((a, b) => Date.parse(b.viewed_at) - Date.parse(a.viewed_at))
            .slice(0, DELEGATION_VIEWS_MAX),
          now,
        ),
      );
    },
  );

  r.post(
    '/api/delegations',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Share parts of the record with a person (signed by a recent sign-in)',
        body: delegationInviteSchema,
        response: { 201: delegationListSchema.element, 400: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const now = app.clock();
      if (!signedRecently(request, now)) return reply.code(403).send({ detail: REAUTH_DETAIL });
      try {
        const id = await invite(deps, request.subject, request.body, now);
        const grant = await app.repositories.delegations.find(id);
        if (!grant) return notFound(reply);
        return reply.code(201).send(toDelegation(grant, [], now));
      } catch (err) {
        if (err instanceof GrantEndError) return reply.code(400).send({ detail: err.message });
        throw err;
      }
    },
  );

  r.patch(
    '/api/delegations/:id',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Change what is shared, why or until when (signed by a recent sign-in)',
        params: delegationParamsSchema,
        body: delegationChangeSchema,
        response: { 200: delegationListSchema.element, 400: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const now = app.clock();
      const grant = await own(request, request.params.id);
      if (!grant) return notFound(reply);
      if (!signedRecently(request, now)) return reply.code(403).send({ detail: REAUTH_DETAIL });
      if (grant.revoked_at !== null)
        return reply.code(400).send({ detail: 'This grant was revoked.' });
      try {
        await change(deps, request.subject, grant, request.body, now);
      } catch (err) {
        if (err instanceof GrantEndError) return reply.code(400).send({ detail: err.message });
        throw err;
      }
      const changed = await app.repositories.delegations.find(grant.id);
      return changed ? reply.send(toDelegation(changed, [], now)) : notFound(reply);
    },
  );

  r.delete(
    '/api/delegations/:id',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Stop sharing: refused to the delegate from the next request on',
        params: delegationParamsSchema,
        response: { 204: z.null(), 404: errorSchema },
      },
    },
    async (request, reply) => {
      const grant = await own(request, request.params.id);
      if (!grant) return notFound(reply);
      await revoke(deps, grant, 'student', app.clock());
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/delegations/:id/consents',
    {
      config: { access: { self: 'read', support: 'read', delegate: null } },
      schema: {
        summary: 'The signed consent records of a grant, oldest first (printable)',
        params: delegationParamsSchema,
        response: { 200: consentRecordListSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const grant = await own(request, request.params.id);
      if (!grant) return notFound(reply);
      const rows = await app.repositories.delegations.consents(grant.id, CONSENTS_MAX);
      return reply.send(rows.map(toConsentRecord));
    },
  );
}

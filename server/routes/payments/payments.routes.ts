import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import {
  PAYMENTS_LISTED,
  paymentHandoffSchema,
  paymentsSchema,
  startPaymentSchema,
} from '../../../contract/payments.schema.js';
import type { PaymentRecord } from '../../db/repositories/payments.repository.js';
import { REFUSALS, paymentStarter } from '../../payments/start.js';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

const toPayment = (p: PaymentRecord) => ({
  id: p.id,
  amount_cents: p.amountCents,
  currency: p.currency,
  provider: p.provider,
  reference: p.providerRef,
  state: p.state,
  created_at: p.createdAt.toISOString(),
  received_at: iso(p.receivedAt),
  posted_at: iso(p.postedAt),
  by_delegate: p.actedAs === 'delegate',
});

/**
 * Finances → Pay (issue 89): start a payment of the amount the student chose, answered with how
 * the browser goes to the provider's page; and "Payments made here", newest first. A delegate with
 * Finances pays as themselves: the payment records who acted and in which capacity.
 */
export default async function paymentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const start = paymentStarter(app);

  r.get(
    '/api/payments',
    {
      config: {
        access: {
          self: 'read',
          support: 'read',
          delegate: { category: 'finances', may: 'read' },
        },
      },
      schema: {
        summary: 'The payments a student made from the portal, newest first',
        response: { 200: paymentsSchema, 401: errorSchema },
      },
    },
    async (request) => ({
      payments: (await app.repositories.payments.ofPerson(request.subject.id, PAYMENTS_LISTED)).map(
        toPayment,
      ),
    }),
  );

  r.post(
    '/api/payments',
    {
      bodyLimit: 1024,
      // A delegate with Finances may pay (issue 89): the payment records them as who acted.
      config: {
        access: { self: 'write', support: null, delegate: { category: 'finances', may: 'pay' } },
      },
      schema: {
        summary:
          "Start a payment: the amount due, the whole balance, or another amount within the campus's limits",
        body: startPaymentSchema,
        response: {
          201: paymentHandoffSchema,
          400: errorSchema,
          403: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const started = await start(request, request.body);
      if (started.ok) return reply.code(201).send(started.handoff);
      return reply
        .code(started.reason === 'balance-unread' ? 409 : 400)
        .send({ detail: REFUSALS[started.reason] });
    },
  );
}

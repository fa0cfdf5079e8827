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
import { tellStudentOfPayment } from '../../delegates/payment-email.js';
import { delegateDeps } from '../../plugins/delegate-guard.js';
import { centsOfDollars, chosenAmount } from '../../payments/amounts.js';
import { PAYMENT_PATHS, providerFor } from '../../payments/providers.js';

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

/** The sentences a refused amount answers with (the form keeps what was typed). */
const REFUSALS = {
  'nothing-due': 'There is nothing to pay on this account.',
  'below-minimum': 'That amount is below the least a payment here may be.',
  'above-maximum': 'That amount is above the most a payment here may be.',
  'above-balance': 'That amount is more than the balance.',
} as const;

/**
 * Finances → Pay (issue 89): start a payment of the amount the student chose, answered with how
 * the browser goes to the provider's page; and "Payments made here", newest first. A delegate with
 * Finances pays as themselves: the payment records who acted and in which capacity.
 */
export default async function paymentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const provider = providerFor(app.config.payment, app.config.campus.finances.payOnline);
  const ledger = app.payments.ledger;
  const limits = app.config.campusPayments;
  const delegates = delegateDeps(app);

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
      const now = app.clock();
      const account = await request.adapters.sis.read('financial-account-summary', null);
      if ('p_result' in account) {
        return reply
          .code(409)
          .send({ detail: 'Your balance cannot be read just now. Try again later.' });
      }
      const owed = {
        dueCents: centsOfDollars(account.CHARGES_DETAIL.CHARGES_AMOUNT_DUE),
        balanceCents: centsOfDollars(account.CHARGES_DETAIL.CHARGES_BALANCE),
      };
      const amount = chosenAmount(request.body, owed, limits);
      if (!amount.ok) return reply.code(400).send({ detail: REFUSALS[amount.reason] });
      if (provider.kind === 'link') {
        // The campus's own payment site: nothing to record, as before (issue 89, a plain link).
        return reply.code(201).send({
          id: null,
          ...provider.handoff(
            { extTransId: '', amountCents: amount.cents },
            { success: '', cancel: '', error: '' },
            now,
          ),
        });
      }
      const actor = request.actor;
      const payment = await ledger.start(
        {
          personId: request.subject.id,
          amountCents: amount.cents,
          provider: provider.kind,
          balanceCents: owed.balanceCents,
          actedBy: actor.capacity === 'delegate' ? actor.delegate.id : actor.user.id,
          actedAs: actor.capacity === 'delegate' ? 'delegate' : 'self',
        },
        now,
      );
      // Who acted, in which capacity, on whose record (plugins/app/audit.ts adds the capacity).
      await app.audit(request, 'payment.started', {
        payment: payment.id,
        amountCents: payment.amountCents,
        provider: payment.provider,
      });
      if (actor.capacity === 'delegate')
        await tellStudentOfPayment(
          delegates,
          request.subject,
          { delegateName: actor.delegate.name, amountCents: payment.amountCents },
          now,
        );
      const origin = app.config.publicOrigin;
      const back = (outcome: string) => `${origin}${PAYMENT_PATHS.return}/${outcome}`;
      const handoff = provider.handoff(
        { extTransId: payment.extTransId, amountCents: payment.amountCents },
        {
          success:
            provider.kind === 'nelnet' ? `${origin}${PAYMENT_PATHS.nelnetReturn}` : back('success'),
          cancel: back('cancel'),
          error: back('error'),
        },
        now,
      );
      return reply.code(201).send({ id: payment.id, ...handoff });
    },
  );
}

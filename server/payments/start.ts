import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PaymentHandoff, StartPayment } from '../../contract/payments.schema.js';
import { tellStudentOfPayment } from '../delegates/payment-email.js';
import { delegateDeps } from '../delegates/grants.js';
import { centsOfDollars, chosenAmount } from './amounts.js';
import type { AmountRefusal } from './amounts.js';
import { PAYMENT_PATHS, providerFor } from './providers.js';

/** Why a payment did not start: the balance could not be read, or the amount was refused. */
export type StartRefusal = AmountRefusal | 'balance-unread';

/** The sentences a refusal answers with (the form keeps what was typed). */
export const REFUSALS: Record<StartRefusal, string> = {
  'nothing-due': 'There is nothing to pay on this account.',
  'below-minimum': 'That amount is below the least a payment here may be.',
  'above-maximum': 'That amount is above the most a payment here may be.',
  'above-balance': 'That amount is more than the balance.',
  'balance-unread': 'Your balance cannot be read just now. Try again later.',
};

export type Started = { ok: true; handoff: PaymentHandoff } | { ok: false; reason: StartRefusal };

/**
 * Finances → Pay (issue 89), one way for the JSON route and the form post that works without
 * scripts: the amount chosen checked against the SIS balance and the campus's limits, the payment
 * recorded (who acted, in which capacity), audited, the student told when a delegate paid, and how
 * the browser goes to the provider's page.
 */
export function paymentStarter(app: FastifyInstance) {
  const provider = providerFor(app.config.payment, app.config.campus.finances.payOnline);
  const ledger = app.payments.ledger;
  const limits = app.config.campusPayments;
  const delegates = delegateDeps(app);
  return async (request: FastifyRequest, choice: StartPayment): Promise<Started> => {
    const now = app.clock();
    const account = await request.adapters.sis.read('financial-account-summary', null);
    if ('p_result' in account) return { ok: false, reason: 'balance-unread' };
    const owed = {
      dueCents: centsOfDollars(account.CHARGES_DETAIL.CHARGES_AMOUNT_DUE),
      balanceCents: centsOfDollars(account.CHARGES_DETAIL.CHARGES_BALANCE),
    };
    const amount = chosenAmount(choice, owed, limits);
    if (!amount.ok) return amount;
    if (provider.kind === 'link') {
      // The campus's own payment site: nothing to record, as before (issue 89, a plain link).
      const handoff = provider.handoff(
        { extTransId: '', amountCents: amount.cents },
        { success: '', cancel: '', error: '' },
        now,
      );
      return { ok: true, handoff: { id: null, ...handoff } };
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
    return { ok: true, handoff: { id: payment.id, ...handoff } };
  };
}

import type { AccountSummary } from '../../../contract/sis/finances.schema.js';
import { accountReviewSchema, chargeSchema, paymentSchema } from './models.js';
import type { EthosPerson } from './models.js';
import type { RecordContext } from './records.js';
import { EthosError } from './wire.js';

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * financial-account-summary: Banner's `account-detail-reviews` where the key may read it, else the
 * charges minus the payments.
 */
export async function balanceOf(ctx: RecordContext, person: EthosPerson): Promise<AccountSummary> {
  let balance: number;
  let paid = 0;
  try {
    const reviews = await ctx.client.list('account-detail-reviews', accountReviewSchema, {
      criteria: { person: { id: person.id } },
    });
    balance = reviews.reduce((sum, r) => sum + (r.balance?.value ?? r.amount?.value ?? 0), 0);
  } catch (err) {
    if (
      !(err instanceof EthosError) ||
      (err.status !== 403 && err.status !== 404 && err.status !== 406)
    )
      throw err;
    const [charges, payments] = await Promise.all([
      ctx.client.list('student-charges', chargeSchema, { criteria: { person: { id: person.id } } }),
      ctx.client.list('student-payments', paymentSchema, {
        criteria: { person: { id: person.id } },
      }),
    ]);
    const charged = charges.reduce((sum, c) => sum + (c.chargedAmount.amount?.value ?? 0), 0);
    paid = payments.reduce((sum, p) => sum + (p.amount?.value ?? 0), 0);
    balance = charged - paid;
  }
  return {
    ENROLLED_PPLAN: 'N',
    PPLAN_TERM: null,
    CHARGES_DETAIL: {
      CHARGES_BALANCE: cents(balance),
      CHARGES_PAYMENTS_RXD: cents(paid),
      CHARGES_NEW_ACTIVITY: 0,
      CHARGES_ANTICIPATED_AID: 0,
      CHARGES_REFUNDS: 0,
      CHARGES_AMOUNT_DUE: cents(Math.max(balance, 0)),
    },
  };
}

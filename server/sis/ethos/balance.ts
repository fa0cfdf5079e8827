import type { z } from 'zod';
import type { AccountSummary } from '../../../contract/sis/finances.schema.js';
import { accountReviewSchema, chargeSchema, paymentSchema } from './models.js';
import type { EthosPerson } from './models.js';
import type { RecordContext } from './records.js';
import { EthosError } from './wire.js';

const cents = (n: number) => Math.round(n * 100) / 100;

/** The credential `account-detail-reviews` is read by: the Banner ID, as Ellucian's own card reads it. */
const BANNER_ID = 'bannerId';

type Review = z.output<typeof accountReviewSchema>;

/** The balance, amount due and payments of an `account-detail-reviews` answer, if it holds them. */
function fromReviews(reviews: Review[]) {
  const controls = reviews.flatMap((r) => r.TBRACCD_CTRL ?? r.tbraccd_ctrl ?? []);
  const balances = controls.map((c) => c.accountBalance).filter((v) => typeof v === 'number');
  if (balances.length === 0) return null;
  const balance = balances.reduce((sum, v) => sum + v, 0);
  const due = controls.reduce((sum, c) => sum + (c.amountDue ?? 0), 0);
  const paid = reviews
    .flatMap((r) => r.TBRACCD ?? r.tbraccd ?? [])
    .reduce((sum, t) => sum + (t.paymentAmount ?? 0), 0);
  return {
    balance,
    due: controls.some((c) => typeof c.amountDue === 'number') ? due : balance,
    paid,
  };
}

/**
 * financial-account-summary: Banner's `account-detail-reviews`, read by `?id=<Banner ID>`; when the
 * person has no Banner ID (Colleague), or Ethos refuses that read for any reason (not granted, 400,
 * not there) or it holds no balance, the student's charges minus their payments, each read by
 * `student`.
 */
export async function balanceOf(ctx: RecordContext, person: EthosPerson): Promise<AccountSummary> {
  const bannerId = person.credentials.find((c) => c.type === BANNER_ID)?.value;
  let summary: { balance: number; due: number; paid: number } | null = null;
  if (bannerId !== undefined) {
    try {
      const reviews = await ctx.client.list('account-detail-reviews', accountReviewSchema, {
        params: { id: bannerId },
      });
      summary = fromReviews(reviews);
    } catch (err) {
      if (!(err instanceof EthosError)) throw err;
    }
  }
  if (summary === null) {
    const student = { student: { id: person.id } };
    const [charges, payments] = await Promise.all([
      ctx.client.list('student-charges', chargeSchema, { criteria: student }),
      ctx.client.list('student-payments', paymentSchema, { criteria: student }),
    ]);
    const charged = charges.reduce((sum, c) => sum + (c.chargedAmount.amount?.value ?? 0), 0);
    const paid = payments.reduce((sum, p) => sum + (p.amount?.value ?? 0), 0);
    summary = { balance: charged - paid, due: charged - paid, paid };
  }
  const { balance, due, paid } = summary;
  return {
    ENROLLED_PPLAN: 'N',
    PPLAN_TERM: null,
    CHARGES_DETAIL: {
      CHARGES_BALANCE: cents(balance),
      CHARGES_PAYMENTS_RXD: cents(paid),
      CHARGES_NEW_ACTIVITY: 0,
      CHARGES_ANTICIPATED_AID: 0,
      CHARGES_REFUNDS: 0,
      CHARGES_AMOUNT_DUE: cents(Math.max(due, 0)),
    },
  };
}

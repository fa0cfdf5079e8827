import type { StartPayment } from '../../contract/payments.schema.js';
import type { CampusPayments } from '../config/campus-payments.js';

/** What the student information system says the student owes, in cents. */
export interface AccountOwed {
  /** The amount due now (CHARGES_AMOUNT_DUE). */
  dueCents: number;
  /** The whole balance (CHARGES_BALANCE). */
  balanceCents: number;
}

export type AmountRefusal = 'nothing-due' | 'below-minimum' | 'above-maximum' | 'above-balance';

/** The SIS's dollars as cents, rounded to the cent (0.1 + 0.2 is 30 cents, not 30.000000000000004). */
export const centsOfDollars = (amount: number) => Math.round(amount * 100);

/**
 * The amount the student chose (issue 89, "The student chooses the amount"): the amount due now,
 * the whole balance, or another amount. Every amount must be within the campus's limits
 * (`payments.minimumCents`, `maximumCents`) and no more than the balance; the amount due or the
 * balance may be below the minimum (the last few dollars of a bill are paid all the same).
 */
export function chosenAmount(
  choice: StartPayment,
  owed: AccountOwed,
  limits: Pick<CampusPayments, 'minimumCents' | 'maximumCents'>,
): { ok: true; cents: number } | { ok: false; reason: AmountRefusal } {
  if (owed.balanceCents <= 0) return { ok: false, reason: 'nothing-due' };
  const cents =
    choice.choice === 'due'
      ? owed.dueCents
      : choice.choice === 'balance'
        ? owed.balanceCents
        : choice.amount_cents;
  if (cents <= 0) return { ok: false, reason: 'nothing-due' };
  if (cents > owed.balanceCents) return { ok: false, reason: 'above-balance' };
  if (cents > limits.maximumCents) return { ok: false, reason: 'above-maximum' };
  if (choice.choice === 'other' && cents < limits.minimumCents) {
    return { ok: false, reason: 'below-minimum' };
  }
  return { ok: true, cents };
}

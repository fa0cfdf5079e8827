/**
 * Issue 89, "The student chooses the amount": another amount as typed ("250", "$1,250.50") read
 * as cents, and checked against the campus's limits and the balance before anything is sent, so a
 * bad amount is told in words and what was typed stays.
 */

/** The campus's limits on another amount, and the balance it may not exceed, in cents. */
export interface AmountLimits {
  minimumCents: number;
  maximumCents: number;
  balanceCents: number;
}

export type AmountProblem = 'format' | 'below-minimum' | 'above-maximum' | 'above-balance';

/** What the Pay form sends: the amount due, the whole balance, or another amount. */
export type PayChoice = 'due' | 'balance' | 'other';

/** Why the last Pay did not go ahead: the amount's problem, the server's reason, or a failure. */
export type PayProblem =
  | { kind: 'amount'; problem: AmountProblem }
  | { kind: 'refused'; detail: string }
  | { kind: 'failed' };

/** Dollars and cents as typed (a "$", thousands commas and spaces allowed) as cents; null otherwise. */
export function centsOfTyped(typed: string): number | null {
  const plain = typed.replace(/[\s$,]/g, '');
  const match = /^([0-9]{1,7})(?:\.([0-9]{1,2}))?$/.exec(plain);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Another amount, read and checked: its cents, or why it cannot be paid. */
export function checkOtherAmount(
  typed: string,
  limits: AmountLimits,
): { ok: true; cents: number } | { ok: false; problem: AmountProblem } {
  const cents = centsOfTyped(typed);
  if (cents === null || cents === 0) return { ok: false, problem: 'format' };
  if (cents > limits.balanceCents) return { ok: false, problem: 'above-balance' };
  if (cents > limits.maximumCents) return { ok: false, problem: 'above-maximum' };
  if (cents < limits.minimumCents) return { ok: false, problem: 'below-minimum' };
  return { ok: true, cents };
}

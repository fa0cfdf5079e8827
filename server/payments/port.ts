import type { PaymentHandoff, PaymentProvider } from '../../contract/payments.schema.js';

/** The portal's addresses the provider sends the browser back to (never a proof of payment). */
export interface ReturnLinks {
  success: string;
  cancel: string;
  error: string;
}

/** What the provider needs to take one payment: the portal's id for it and its amount. */
export interface PaymentToHand {
  extTransId: string;
  amountCents: number;
}

/**
 * A provider's result, checked (its key or signature, its sender): which payment, how much, the
 * provider's reference, and what happened. The ledger checks the id and the amount against the
 * stored payment before anything moves (server/payments/ledger.ts).
 */
export interface ProviderResult {
  extTransId: string;
  amountCents: number;
  providerRef: string;
  outcome: 'confirmed' | 'cancelled' | 'failed';
}

/** A result refused before it reached a payment, with the reason the log records. */
export type Checked = { ok: true; result: ProviderResult } | { ok: false; reason: PaymentRefusal };

/** Why a provider's result changed nothing: each is logged, none is shown to the sender. */
export type PaymentRefusal =
  | 'malformed'
  | 'wrong-key'
  | 'wrong-signature'
  | 'stale'
  | 'sender-not-allowed'
  | 'unknown-id'
  | 'wrong-amount'
  | 'replayed'
  | 'wrong-provider';

/** One payment provider: how the browser is handed to its page for a payment. */
export interface PaymentPort<K extends PaymentProvider = PaymentProvider> {
  readonly kind: K;
  handoff(payment: PaymentToHand, links: ReturnLinks, now: Date): Omit<PaymentHandoff, 'id'>;
}

/** Dollars and cents as the providers write an amount: `250.00`. */
export const dollars = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The cents of an amount written `250`, `250.5` or `250.00`; null for anything else. */
export function centsOf(amount: string): number | null {
  const match = /^([0-9]{1,7})(?:\.([0-9]{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

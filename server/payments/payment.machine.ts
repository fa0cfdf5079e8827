/**
 * A payment made from Finances (issue 89, "Paying the bill"): handed off to the provider's page,
 * then received (the provider confirmed it, server to server), then posted (the student
 * information system's balance dropped by it); or cancelled, failed, or expired (the provider never
 * said). The browser's return never moves it. The server keeps each payment's state in the store
 * and moves it only through this machine (`payment-states.ts`); the machine has no effects.
 */
import { setup } from 'xstate';

export type PaymentEvent =
  /** The provider's confirmed result arrived and checked out (key, amount, id). */
  | { type: 'provider.confirmed' }
  /** The provider reported the payer cancelled. */
  | { type: 'provider.cancelled' }
  /** The provider reported the card or bank refused it. */
  | { type: 'provider.failed' }
  /** The SIS balance read shows the drop this payment made. */
  | { type: 'balance.dropped' }
  /** No result from the provider within the campus's window. */
  | { type: 'window.passed' };

export const paymentMachine = setup({
  types: { events: {} as PaymentEvent },
}).createMachine({
  id: 'payment',
  initial: 'handedOff',
  states: {
    handedOff: {
      on: {
        'provider.confirmed': 'received',
        'provider.cancelled': 'cancelled',
        'provider.failed': 'failed',
        'window.passed': 'expired',
      },
    },
    received: { tags: ['confirmed'], on: { 'balance.dropped': 'posted' } },
    posted: { type: 'final', tags: ['confirmed'] },
    cancelled: { type: 'final' },
    failed: { type: 'final' },
    expired: { type: 'final' },
  },
});

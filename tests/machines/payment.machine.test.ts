import { describe, expect, it } from 'vitest';
import type { PaymentState } from '../../contract/payments.schema.js';
import { paymentMachine } from '../../server/payments/payment.machine.js';
import type { PaymentEvent } from '../../server/payments/payment.machine.js';
import { nextPaymentState } from '../../server/payments/payment-states.js';
import { pathTitle, shortestPaths } from './paths.js';

const events: PaymentEvent[] = [
  { type: 'provider.confirmed' },
  { type: 'provider.cancelled' },
  { type: 'provider.failed' },
  { type: 'balance.dropped' },
  { type: 'window.passed' },
];

describe('payment machine (issue 89: handed off → received → posted | cancelled | failed | expired)', () => {
  const paths = shortestPaths(paymentMachine, events);

  it('reaches every state a payment can be in', () => {
    expect(new Set(paths.map((p) => String(p.state.value)))).toEqual(
      new Set(['handedOff', 'received', 'posted', 'cancelled', 'failed', 'expired']),
    );
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'a payment is posted only after its provider confirmed it, and confirmed only by its provider: %s',
    (_title, { state, steps }) => {
      const types = steps.map((s) => s.event.type);
      const confirmedAt = types.indexOf('provider.confirmed');
      if (state.value === 'posted') {
        expect(confirmedAt).toBeGreaterThanOrEqual(0);
        expect(types.indexOf('balance.dropped')).toBeGreaterThan(confirmedAt);
      }
      expect(state.hasTag('confirmed')).toBe(
        state.value === 'received' || state.value === 'posted',
      );
      // The store's path (payment-states.ts) agrees with the machine at every step.
      let stored: PaymentState = 'handedOff';
      for (const { event } of steps) {
        const taken = events.find((e) => e.type === event.type);
        if (taken) stored = nextPaymentState(stored, taken) ?? stored;
      }
      expect(stored).toBe(state.value);
    },
  );

  it('a result that repeats one already taken moves nothing (a replayed posting)', () => {
    expect(nextPaymentState('received', { type: 'provider.confirmed' })).toBeNull();
    expect(nextPaymentState('posted', { type: 'provider.cancelled' })).toBeNull();
    expect(nextPaymentState('cancelled', { type: 'provider.confirmed' })).toBeNull();
    expect(nextPaymentState('handedOff', { type: 'balance.dropped' })).toBeNull();
    expect(nextPaymentState('received', { type: 'window.passed' })).toBeNull();
  });
});

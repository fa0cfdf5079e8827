import { transition } from 'xstate';
import { paymentStateSchema } from '../../contract/payments.schema.js';
import type { PaymentState } from '../../contract/payments.schema.js';
import { paymentMachine } from './payment.machine.js';
import type { PaymentEvent } from './payment.machine.js';

/**
 * The one way a payment's state changes: the payment statechart's answer to `event` in `from`, or
 * null when the machine does not take it there (a replayed result, a posting for a payment already
 * cancelled). The store writes only what this returns (`PaymentsRepository.move`).
 */
export function nextPaymentState(from: PaymentState, event: PaymentEvent): PaymentState | null {
  const snapshot = paymentMachine.resolveState({ value: from, context: {} });
  const [next] = transition(paymentMachine, snapshot, event);
  const to = paymentStateSchema.parse(next.value);
  return to === from ? null : to;
}

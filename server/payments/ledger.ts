import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from '../../contract/payments.schema.js';
import type {
  PaymentCapacity,
  PaymentRecord,
  PaymentsRepository,
} from '../db/repositories/payments.repository.js';
import type { PaymentEvent } from './payment.machine.js';
import { nextPaymentState } from './payment-states.js';
import type { PaymentRefusal, ProviderResult } from './port.js';

/** Where a refused result is recorded: the server's log (pino's shape). */
export interface RefusalLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * A new EXT_TRANS_ID / orderNumber: 20 upper-case hex characters (letters and digits only: uPay
 * refuses a hyphen), unguessable, so no one can name another person's payment.
 */
export const newExtTransId = () => `P${randomBytes(10).toString('hex').toUpperCase()}`;

const EVENTS: Record<ProviderResult['outcome'], PaymentEvent> = {
  confirmed: { type: 'provider.confirmed' },
  cancelled: { type: 'provider.cancelled' },
  failed: { type: 'provider.failed' },
};

/**
 * The payments' one writer (issue 89): every change of a payment's state is the payment
 * statechart's answer (`nextPaymentState`) written over the state it was read in. A provider's
 * result that names no payment, another amount, another provider, or repeats a result already
 * taken changes nothing and is logged with its reason.
 */
export class PaymentsLedger {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly log: RefusalLog,
  ) {}

  async start(
    payment: {
      personId: number;
      amountCents: number;
      provider: PaymentProvider;
      balanceCents: number;
      actedBy: number;
      actedAs: PaymentCapacity;
    },
    now: Date,
  ): Promise<PaymentRecord> {
    return this.payments.create({ ...payment, extTransId: newExtTransId() }, now);
  }

  /** Takes a checked provider result; the refusal reason when it changed nothing. */
  async takeResult(
    provider: PaymentProvider,
    result: ProviderResult,
    now: Date,
  ): Promise<{ ok: true; payment: PaymentRecord } | { ok: false; reason: PaymentRefusal }> {
    const refuse = (reason: PaymentRefusal) => {
      this.log.warn(
        { provider, reason, extTransId: result.extTransId, providerRef: result.providerRef },
        'payment result refused: nothing changed',
      );
      return { ok: false as const, reason };
    };
    const payment = await this.payments.byExtTransId(result.extTransId);
    if (!payment) return refuse('unknown-id');
    if (payment.provider !== provider) return refuse('wrong-provider');
    if (payment.amountCents !== result.amountCents) return refuse('wrong-amount');
    const taken = await this.payments.byProviderRef(result.providerRef);
    if (taken) return refuse('replayed');
    const to = nextPaymentState(payment.state, EVENTS[result.outcome]);
    if (to === null) return refuse('replayed');
    const moved = await this.payments.move(payment.id, payment.state, to, now, result.providerRef);
    if (!moved) return refuse('replayed');
    return { ok: true, payment: { ...payment, state: to, providerRef: result.providerRef } };
  }

  /**
   * A fresh read of the person's SIS balance: each received payment whose amount the balance has
   * dropped by since it was handed off is posted, oldest first, each drop counted once.
   */
  async balanceRead(personId: number, balanceCents: number, now: Date): Promise<PaymentRecord[]> {
    const received = (await this.payments.ofPerson(personId, 200))
      .filter((p) => p.state === 'received')
      .reverse();
    const posted: PaymentRecord[] = [];
    let accounted = 0;
    for (const payment of received) {
      if (balanceCents > payment.balanceCents - payment.amountCents - accounted) continue;
      const to = nextPaymentState(payment.state, { type: 'balance.dropped' });
      if (to && (await this.payments.move(payment.id, payment.state, to, now))) {
        posted.push({ ...payment, state: to });
        accounted += payment.amountCents;
      }
    }
    return posted;
  }

  /** Received payments the SIS has not posted since `before` (the campus's window): for staff on /admin. */
  lateReceived(before: Date): Promise<PaymentRecord[]> {
    return this.payments.inStateSince('received', before, 100);
  }

  /** Handed-off payments no provider answered for since `before`: expired. */
  async expireHandoffs(before: Date, now: Date): Promise<number> {
    let expired = 0;
    for (const payment of await this.payments.inStateSince('handedOff', before, 500)) {
      const to = nextPaymentState(payment.state, { type: 'window.passed' });
      if (to && (await this.payments.move(payment.id, payment.state, to, now))) expired += 1;
    }
    return expired;
  }
}

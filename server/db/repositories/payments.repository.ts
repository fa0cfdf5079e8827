import type { Kysely, Selectable } from 'kysely';
import { paymentProviderSchema, paymentStateSchema } from '../../../contract/payments.schema.js';
import type { PaymentProvider, PaymentState } from '../../../contract/payments.schema.js';
import type { PaymentsTable } from '../payments.schema.js';
import type { DatabaseSchema } from '../schema.js';

/** Who paid: the student themselves, or someone they share Finances with. */
export type PaymentCapacity = 'self' | 'delegate';

/** One payment (migration 053, issue 89). */
export interface PaymentRecord {
  id: number;
  personId: number;
  amountCents: number;
  currency: 'USD';
  provider: PaymentProvider;
  extTransId: string;
  providerRef: string | null;
  state: PaymentState;
  balanceCents: number;
  actedBy: number;
  actedAs: PaymentCapacity;
  createdAt: Date;
  updatedAt: Date;
  receivedAt: Date | null;
  postedAt: Date | null;
}

export interface NewPayment {
  personId: number;
  amountCents: number;
  provider: PaymentProvider;
  extTransId: string;
  balanceCents: number;
  actedBy: number;
  actedAs: PaymentCapacity;
}

const dateOf = (value: string | null) => (value === null ? null : new Date(value));

function toRecord(row: Selectable<PaymentsTable>): PaymentRecord {
  return {
    id: row.id,
    personId: row.person_id,
    amountCents: row.amount_cents,
    currency: 'USD',
    provider: paymentProviderSchema.parse(row.provider),
    extTransId: row.ext_trans_id,
    providerRef: row.provider_ref,
    state: paymentStateSchema.parse(row.state),
    balanceCents: row.balance_cents,
    actedBy: row.acted_by,
    actedAs: row.acted_as === 'delegate' ? 'delegate' : 'self',
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    receivedAt: dateOf(row.received_at),
    postedAt: dateOf(row.posted_at),
  };
}

/**
 * The payments store. A new payment is handed off; its state changes only by `move`, from the
 * state the caller read to the one the payment statechart gave (server/payments/payment-states.ts),
 * and only if no other process moved it meanwhile.
 */
export class PaymentsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async create(payment: NewPayment, now: Date): Promise<PaymentRecord> {
    const at = now.toISOString();
    const row = await this.db
      .insertInto('payments')
      .values({
        person_id: payment.personId,
        amount_cents: payment.amountCents,
        currency: 'USD',
        provider: payment.provider,
        ext_trans_id: payment.extTransId,
        provider_ref: null,
        state: 'handedOff',
        balance_cents: payment.balanceCents,
        acted_by: payment.actedBy,
        acted_as: payment.actedAs,
        created_at: at,
        updated_at: at,
        received_at: null,
        posted_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async byExtTransId(extTransId: string): Promise<PaymentRecord | null> {
    const row = await this.db
      .selectFrom('payments')
      .selectAll()
      .where('ext_trans_id', '=', extTransId)
      .executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  async byProviderRef(providerRef: string): Promise<PaymentRecord | null> {
    const row = await this.db
      .selectFrom('payments')
      .selectAll()
      .where('provider_ref', '=', providerRef)
      .executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  /** The person's payments, newest first, at most `limit`. */
  async ofPerson(personId: number, limit: number): Promise<PaymentRecord[]> {
    const rows = await this.db
      .selectFrom('payments')
      .selectAll()
      .where('person_id', '=', personId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  /**
   * The payments delegates started for the person (issue 89, "Families pay"), newest first, at most
   * `limit`: the student's sharing log lists them beside the delegates' views.
   */
  async byDelegates(
    personId: number,
    delegateIds: readonly number[],
    limit: number,
  ): Promise<PaymentRecord[]> {
    if (delegateIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('payments')
      .selectAll()
      .where('person_id', '=', personId)
      .where('acted_as', '=', 'delegate')
      .where('acted_by', 'in', delegateIds)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  /** Payments in `state` whose last change is before `before`: the sweeps' work lists. */
  async inStateSince(state: PaymentState, before: Date, limit: number): Promise<PaymentRecord[]> {
    const rows = await this.db
      .selectFrom('payments')
      .selectAll()
      .where('state', '=', state)
      .where('updated_at', '<', before.toISOString())
      .orderBy('updated_at')
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  /**
   * Moves a payment from `from` to `to` (the statechart's answer), keeping the provider's reference
   * when one is given. False when the payment was no longer in `from` (another process moved it).
   */
  async move(
    id: number,
    from: PaymentState,
    to: PaymentState,
    now: Date,
    providerRef?: string,
  ): Promise<boolean> {
    const at = now.toISOString();
    const result = await this.db
      .updateTable('payments')
      .set({
        state: to,
        updated_at: at,
        ...(to === 'received' ? { received_at: at } : {}),
        ...(to === 'posted' ? { posted_at: at } : {}),
        ...(providerRef === undefined ? {} : { provider_ref: providerRef }),
      })
      .where('id', '=', id)
      .where('state', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * Paying the bill (issue 89): one row per payment started from Finances. `ext_trans_id` is the
 * portal's own id the provider carries back (uPay's `EXT_TRANS_ID`, QuikPAY's `orderNumber`);
 * `provider_ref` the provider's (uPay's `tpg_trans_id`, QuikPAY's `transactionId`), unique so a
 * replayed result finds the payment it already moved. `state` is the payment statechart's
 * (server/payments/payment.machine.ts). `balance_cents` is the SIS balance when it was handed off,
 * so a later read shows whether it dropped by the amount. `acted_by` and `acted_as` name who paid:
 * the student themselves, or someone they share Finances with.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('payments'), dialect)
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('ext_trans_id', 'text', (c) => c.notNull().unique())
    .addColumn('provider_ref', 'text', (c) => c.unique())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('balance_cents', 'integer', (c) => c.notNull())
    .addColumn('acted_by', 'integer', (c) => c.notNull())
    .addColumn('acted_as', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text')
    .addColumn('posted_at', 'text')
    .execute();
  await db.schema
    .createIndex('payments_person')
    .on('payments')
    .columns(['person_id', 'created_at'])
    .execute();
  await db.schema.createIndex('payments_state').on('payments').columns(['state']).execute();
}

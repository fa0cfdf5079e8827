import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * An inbound call's in-flight mark carries its owner and a lease (issue 71): a process killed during
 * a call no longer holds its `Idempotency-Key` for a day; a retry after the lease takes the mark over.
 * A mark written before this migration (or by a process of the previous release during a rolling
 * upgrade) has neither: its lease is taken as beginning at its `created_at`. An item remembers the
 * key of the call that last wrote it, so a retry that takes a mark over knows the first attempt's
 * write committed (server/inbound/idempotency.ts).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('inbound_idempotency').addColumn('owner', 'text').execute();
  await db.schema.alterTable('inbound_idempotency').addColumn('lease_until', 'text').execute();
  await db.schema.alterTable('inbound_items').addColumn('idempotency_key', 'text').execute();
}

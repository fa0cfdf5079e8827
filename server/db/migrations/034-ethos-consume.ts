import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Ethos change notifications (issue 58, ETHOS_CONSUME=1): one row per queue, holding which process
 * may poll it (`holder` until `lease_until`) and the id of the last change handled (`last_id`, an
 * Ethos id as text), so that a restart or another process goes on after it and never applies a change
 * twice.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('ethos_consume')
    .addColumn('queue', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_id', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

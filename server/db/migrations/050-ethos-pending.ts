import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * What an Ethos change notification named and the portal has not yet handled (issue 87): a person
 * to read again and compare, or a section whose students are. Written in the same transaction that
 * moves `ethos_consume.last_id` on, and deleted once handled, so a process that stops between
 * reading `/consume` and comparing loses nothing: the next holder of the lease handles the rows.
 * One row per subject (a second notification naming it before it is handled adds nothing);
 * `attempts` counts the reads that failed, so one that keeps failing is given up.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('ethos_pending')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('named_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ethos_pending_pk', ['kind', 'subject'])
    .execute();
}

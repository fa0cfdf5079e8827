import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Changes to a student's record (issue 74): the last fingerprint of each student's record
 * (`record_fingerprints`, its `version` counting its changes), and each change raised, once, under
 * its key (student, kind, subject, version): a replay, a restart or a second process raising the
 * same change finds the key taken. The sweep's lease is a row of `ethos_consume` (queue `changes`).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('record_fingerprints')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('record_changes')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('raised_at', 'text', (c) => c.notNull())
    .addColumn('message_id', 'integer')
    .addPrimaryKeyConstraint('record_changes_key', ['user_id', 'kind', 'subject', 'version'])
    .execute();
  await db.schema
    .createIndex('record_changes_recent')
    .on('record_changes')
    .columns(['user_id', 'raised_at'])
    .execute();
}

import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Security round 5 (issue 56):
 * - `sessions.shared_computer`: signed in with "This is a shared computer" ticked (1), so the
 *   installed app keeps nothing of the person offline for that session;
 * - `coursework_feeds.refreshed_at`: when the student last asked for a reading now, so that at most
 *   one reading of the campus LMS a minute is made on demand, whichever process is asked;
 * - `used_once`: one-time values (a Canvas OAuth state's nonce) as they are used, so a replayed one is
 *   refused by every process; each row goes once its value could no longer be accepted anyway.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('shared_computer', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('coursework_feeds').addColumn('refreshed_at', 'text').execute();
  await db.schema
    .createTable('used_once')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('value_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('used_once_pk', ['purpose', 'value_hash'])
    .execute();
  await db.schema.createIndex('used_once_expires').on('used_once').column('expires_at').execute();
}

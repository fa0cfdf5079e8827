import { DEFAULT_MIGRATION_LOCK_TABLE, MIGRATION_LOCK_ID, sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import type { DatabaseSchema } from '../schema.js';

/**
 * Runs `work` under the lock the migrator takes, in one transaction (all or nothing), so two
 * processes starting on one store take turns (issue 71: two first starts seeding together collided
 * on `content_posts_slug_key`).
 * - PostgreSQL: the dialect's own migration lock (Kysely's `acquireMigrationLock`, the session
 *   advisory lock `migrateToLatest` holds), taken on one connection, the transaction inside it.
 * - SQLite: the migrator's lock is its transaction; this one's first statement writes the
 *   migrator's lock row, so it holds the file's write lock from the start, and another process's
 *   start waits for it (the driver's busy timeout) instead of reading a store about to change.
 */
export async function withStartLock(
  db: Kysely<DatabaseSchema>,
  dialect: Dialect,
  work: (tx: Kysely<DatabaseSchema>) => Promise<void>,
  schema?: string,
): Promise<void> {
  const adapter = db.getExecutor().adapter;
  const lock = {
    lockTable: DEFAULT_MIGRATION_LOCK_TABLE,
    lockRowId: MIGRATION_LOCK_ID,
    ...(schema ? { lockTableSchema: schema } : {}),
  };
  await db.connection().execute(async (connection) => {
    await adapter.acquireMigrationLock(connection, lock);
    try {
      await connection.transaction().execute(async (tx) => {
        if (dialect === 'sqlite') {
          await sql`update ${sql.table(DEFAULT_MIGRATION_LOCK_TABLE)} set is_locked = is_locked
            where id = ${MIGRATION_LOCK_ID}`.execute(tx);
        }
        await work(tx);
      });
    } finally {
      await adapter.releaseMigrationLock(connection, lock);
    }
  });
}

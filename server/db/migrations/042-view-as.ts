import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * View as a student (issue 73): the Support right as a user flag (`can_support`, set by its grant as
 * the other rights are), and each view-as session: who viewed whose portal, why (the reason, a
 * ticket), from the staff member's session, from when, until when at the latest, and when and how it
 * ended (`end`, `sign-out`, `expiry`; null while it runs or until a request finds it expired).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('can_support', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await idColumn(db.schema.createTable('view_as_sessions'), dialect)
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('actor_username', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('session_hash', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('ticket', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('ended_by', 'text')
    .execute();
  await db.schema
    .createIndex('view_as_sessions_session')
    .on('view_as_sessions')
    .column('session_hash')
    .execute();
  await db.schema
    .createIndex('view_as_sessions_subject')
    .on('view_as_sessions')
    .columns(['subject_id', 'started_at'])
    .execute();
}

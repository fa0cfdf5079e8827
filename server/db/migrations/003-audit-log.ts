import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/** Who did what, when: sign-ins, sign-outs, demo toggles and admin changes. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('audit_log'), dialect)
    .addColumn('at', 'text', (c) => c.notNull())
    // No foreign key: the record outlives the user it names.
    .addColumn('user_id', 'integer')
    .addColumn('username', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('address', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_user_id').on('audit_log').column('user_id').execute();
}

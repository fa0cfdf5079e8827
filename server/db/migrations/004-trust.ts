import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * Rights a superuser grants (staff, superuser, demo) by username. They add to the identity provider's
 * groups and survive every sign-in; a username may hold each right once.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('grants'), dialect)
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('right', 'text', (c) => c.notNull())
    .addColumn('granted_by', 'text')
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('grants_username_right')
    .on('grants')
    .columns(['username', 'right'])
    .unique()
    .execute();
}

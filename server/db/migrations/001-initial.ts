import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('users'), dialect)
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('persona', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('nine_number', 'text', (c) => c.notNull())
    .addColumn('primary_role', 'text', (c) => c.notNull())
    .addColumn('other_roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_staff', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_superuser', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('can_use_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('financial_dashboard_access', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_provisional_account', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('role_acknowledged_on', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await idColumn(db.schema.createTable('preferences'), dialect)
    .addColumn('user_id', 'integer', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('use_profile_photo', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('contact_by_email', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('contact_by_text', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sms_number', 'text')
    .execute();
}

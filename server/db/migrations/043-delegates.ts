import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * Access a student grants (issue 73, FERPA 34 CFR 99.30): the people a student shares parts of the
 * record with (`delegates`, apart from campus users), each grant (`delegations`: categories, purpose,
 * from, until, revoked), the signed consent records (`delegation_consents`: written once, never
 * changed; a change writes a new one), the single-use invitation and sign-in tokens (`delegate_tokens`,
 * stored as SHA-256 hashes), delegates' sessions (hashed too) and each view (`delegate_views`).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('delegates'), dialect)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await idColumn(db.schema.createTable('delegations'), dialect)
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('delegate_id', 'integer', (c) => c.notNull())
    .addColumn('categories', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'text')
    .addColumn('expiry_told_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('delegations_student')
    .on('delegations')
    .columns(['student_id'])
    .execute();
  await db.schema
    .createIndex('delegations_delegate')
    .on('delegations')
    .columns(['delegate_id'])
    .execute();
  await idColumn(db.schema.createTable('delegation_consents'), dialect)
    .addColumn('delegation_id', 'integer', (c) => c.notNull())
    .addColumn('change', 'text', (c) => c.notNull())
    .addColumn('student_username', 'text', (c) => c.notNull())
    .addColumn('student_name', 'text', (c) => c.notNull())
    .addColumn('delegate_name', 'text', (c) => c.notNull())
    .addColumn('delegate_email', 'text', (c) => c.notNull())
    .addColumn('categories', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('signed_by', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('delegation_consents_delegation')
    .on('delegation_consents')
    .columns(['delegation_id'])
    .execute();
  await db.schema
    .createTable('delegate_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('delegate_id', 'integer', (c) => c.notNull())
    .addColumn('delegation_id', 'integer')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createTable('delegate_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('delegate_id', 'integer', (c) => c.notNull())
    .addColumn('delegation_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await idColumn(db.schema.createTable('delegate_views'), dialect)
    .addColumn('delegation_id', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('viewed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('delegate_views_delegation')
    .on('delegate_views')
    .columns(['delegation_id', 'viewed_at'])
    .execute();
}

import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * Departments publishing through the inbound API (issue 60): publishers (their scopes and the
 * audience they may reach), their keys (only a hash kept), the items they published keyed by their
 * own `source_id` with the people each reaches, the idempotency records of their calls (24 h) and
 * the audit of every call. A published message or task is a row of its own table marked with its
 * item (`inbound_item_id`), and a completion made in the publisher's system is marked on the
 * student's record (`completed_by`), which the student then cannot undo.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('inbound_publishers'), dialect)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('groups', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('max_recipients', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('inbound_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('publisher_id', 'integer', (c) =>
      c.notNull().references('inbound_publishers.id').onDelete('cascade'),
    )
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await idColumn(db.schema.createTable('inbound_items'), dialect)
    .addColumn('publisher_id', 'integer', (c) =>
      c.notNull().references('inbound_publishers.id').onDelete('cascade'),
    )
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('action_link', 'text')
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('channels', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('publish_at', 'text')
    .addColumn('expires_on', 'text')
    .addColumn('due_on', 'text')
    .addColumn('category', 'text')
    .addColumn('severity', 'text')
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('retracted_at', 'text')
    .addUniqueConstraint('inbound_items_source', ['publisher_id', 'source_id'])
    .execute();
  await db.schema
    .createTable('inbound_recipients')
    .addColumn('item_id', 'integer', (c) =>
      c.notNull().references('inbound_items.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('completed_at', 'text')
    .addPrimaryKeyConstraint('inbound_recipients_pk', ['item_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('inbound_recipients_user')
    .on('inbound_recipients')
    .columns(['user_id', 'item_id'])
    .execute();
  await db.schema
    .createTable('inbound_idempotency')
    .addColumn('publisher_id', 'integer', (c) =>
      c.notNull().references('inbound_publishers.id').onDelete('cascade'),
    )
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('answer', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('inbound_idempotency_pk', ['publisher_id', 'key'])
    .execute();
  await idColumn(db.schema.createTable('inbound_audit'), dialect)
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('publisher_id', 'integer', (c) =>
      c.references('inbound_publishers.id').onDelete('cascade'),
    )
    .addColumn('key_id', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text')
    .addColumn('audience_size', 'integer')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('inbound_audit_publisher')
    .on('inbound_audit')
    .columns(['publisher_id', 'id'])
    .execute();
  await db.schema.alterTable('messages').addColumn('inbound_item_id', 'integer').execute();
  await db.schema.alterTable('ns_tasks').addColumn('inbound_item_id', 'integer').execute();
  await db.schema.alterTable('ns_user_tasks').addColumn('completed_by', 'text').execute();
}

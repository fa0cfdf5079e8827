import type { Kysely } from 'kysely';

/**
 * The staff admin: the audit log keeps what kind of object a change touched, which one, and its fields
 * before and after; Next Steps tasks get a version (a stale edit is refused, not overwritten) and a
 * publishing time (a task published for later stays hidden until then). Content posts and pages get a
 * version too, and a post keeps the Markdown its editor wrote (its body stays the sanitised HTML).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('kind', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('object_id', 'text').execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('audit_log_username').on('audit_log').column('username').execute();
  await db.schema.createIndex('audit_log_kind').on('audit_log').column('kind').execute();
  await db.schema
    .alterTable('ns_tasks')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('ns_tasks').addColumn('publishes_on', 'text').execute();
  for (const table of ['content_posts', 'content_pages']) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
  await db.schema.alterTable('content_posts').addColumn('body_markdown', 'text').execute();
}

import type { Kysely } from 'kysely';

/**
 * Staff content in two languages (issue 59): a post, a message and a Next Steps task keep their
 * Spanish version beside the English one, as JSON text of the shape a publisher's item keeps
 * (`{ "es": { "title", "body", "link_text"? } }`, contract/translations.rules.ts); `{}` for none.
 * A post's Spanish body is sanitised HTML like its English one, its Spanish Markdown kept to edit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['content_posts', 'messages', 'ns_tasks'])
    await db.schema
      .alterTable(table)
      .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  await db.schema.alterTable('content_posts').addColumn('body_markdown_es', 'text').execute();
}

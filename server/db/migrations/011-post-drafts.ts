import { sql } from 'kysely';
import type { Kysely, QueryExecutorProvider } from 'kysely';

/**
 * A draft post is marked as one (`draft` = 1) instead of carrying an opening time no one reaches:
 * posts saved as drafts before (opening on 9999-12-31) become drafts with no opening time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('content_posts')
    .addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await markOldDrafts(db);
}

/** The data step of `up`: a post opening on 9999-12-31 was a draft. */
export async function markOldDrafts(db: QueryExecutorProvider): Promise<void> {
  await sql`UPDATE content_posts SET draft = 1, publishing_opens_on = NULL
    WHERE publishing_opens_on = '9999-12-31T00:00:00.000Z'`.execute(db);
}

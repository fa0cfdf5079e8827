import type { Kysely } from 'kysely';

/**
 * The personalised dashboard (issue #30): each person's layout (JSON text, null for the role's
 * default) on their preferences, a demo layout per person kept apart so demo mode never changes the
 * real one, and the blocks staff made mandatory (one row per block).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('preferences').addColumn('dashboard_layout', 'text').execute();
  await db.schema
    .createTable('demo_dashboard_layouts')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('layout', 'text')
    .execute();
  await db.schema
    .createTable('dashboard_mandatory_blocks')
    .addColumn('block', 'text', (c) => c.primaryKey())
    .execute();
}

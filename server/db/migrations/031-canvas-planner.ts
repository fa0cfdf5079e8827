import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Coursework from Canvas's Planner API (issue 45, step 2): a student's coursework connection is
 * either a calendar feed (`kind` `calendar`, its address sealed in `address_sealed`) or a Canvas
 * account connected by OAuth 2 (`kind` `canvas`: its access and refresh tokens sealed in
 * `tokens_sealed`, `address_sealed` empty). A Canvas item keeps its submission state and the id of
 * its planner override, which "Mark done" changes rather than making a second one.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('coursework_feeds')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('calendar'))
    .execute();
  await db.schema.alterTable('coursework_feeds').addColumn('tokens_sealed', 'text').execute();
  await db.schema.alterTable('coursework_items').addColumn('submission', 'text').execute();
  await db.schema.alterTable('coursework_items').addColumn('override_id', 'integer').execute();
}

import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Advising campaigns (issue 92): a publisher's task that an appointment with an office completes.
 * `inbound_items.campaign_office` is that office as compared (lower case, without spaces; null for
 * any other item); `inbound_items_campaign` finds an office's campaigns when an appointment arrives.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('inbound_items').addColumn('campaign_office', 'text').execute();
  await db.schema
    .createIndex('inbound_items_campaign')
    .ifNotExists()
    .on('inbound_items')
    .column('campaign_office')
    .execute();
}

import type { Kysely, Selectable } from 'kysely';
import type { MessagesTable } from '../messages.schema.js';
import type { DatabaseSchema } from '../schema.js';
import { pastCursor } from './keyset.js';

/** A sent message as staff see it: its audience and how many people have read it. */
export type SentMessage = Omit<
  Selectable<MessagesTable>,
  'seed_key' | 'inbound_item_id' | 'translations'
> & {
  reads: number;
};

/** Messages as the admin manages them: the list with read counts, and retraction. */
export class AdminMessagesRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Newest first, `limit` of them, past the message `before` (a keyset cursor) when given; demo-mode
   * messages are sample data, not the university's, and stay out.
   */
  async list(limit = 200, before?: number): Promise<SentMessage[]> {
    let select = this.query();
    if (before !== undefined)
      select = select.where(pastCursor('messages', 'm', ['created_on', 'id'], before, 'desc'));
    const rows = await select
      .orderBy('m.created_on', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, reads: Number(row.reads ?? 0) }));
  }

  async find(id: number): Promise<SentMessage | undefined> {
    const row = await this.query().where('m.id', '=', id).executeTakeFirst();
    return row && { ...row, reads: Number(row.reads ?? 0) };
  }

  private query() {
    return this.db
      .selectFrom('messages as m')
      .select((eb) => [
        'm.id',
        'm.audience',
        'm.username',
        'm.role',
        'm.title',
        'm.body',
        'm.action_link',
        'm.display_as_banner',
        'm.app_message',
        'm.category',
        'm.created_on',
        'm.expires_on',
        eb
          .selectFrom('message_reads as r')
          .select(eb.fn.countAll<number | string>().as('n'))
          .whereRef('r.message_id', '=', 'm.id')
          .as('reads'),
      ])
      .where('m.audience', '!=', 'demo');
  }

  /** Retracts a message: nobody sees it any more; its reads go with it. */
  async remove(id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('messages')
      .where('id', '=', id)
      .where('audience', '!=', 'demo')
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

import { sql } from 'kysely';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { MessageCategory } from '../../../contract/messages.schema.js';
import type { DatabaseSchema } from '../schema.js';
import { toMessage } from './message-rows.js';
import type { MessagesPageAsk, NewMessage, Recipient, StoredMessage } from './message-rows.js';

export type {
  Audience,
  MessagesPageAsk,
  NewMessage,
  Recipient,
  StoredMessage,
} from './message-rows.js';

const audienceColumns = (m: NewMessage) => ({
  audience: m.audience,
  username: m.audience === 'person' ? m.username : null,
  role: m.audience === 'role' ? m.role : null,
});

export class MessagesRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async create(message: NewMessage): Promise<number> {
    const row = await this.db
      .insertInto('messages')
      .values(this.values(message))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Adds the messages whose seed key is not stored yet; answers how many were added. */
  async seed(messages: Array<NewMessage & { seed_key: string }>): Promise<number> {
    let added = 0;
    for (const message of messages) {
      const result = await this.db
        .insertInto('messages')
        .values(this.values(message))
        .onConflict((oc) => oc.column('seed_key').doNothing())
        .executeTakeFirst();
      added += Number(result.numInsertedOrUpdatedRows ?? 0n);
    }
    return added;
  }

  /** A message's title, body, action link and expiry, or undefined when it is gone. */
  async summary(id: number): Promise<
    | {
        id: number;
        title: string;
        body: string;
        actionLink: string | null;
        expiresOn: string | null;
        inboundItemId: number | null;
        /** The staff's versions in other languages (issue 59), as stored. */
        translations: string | null;
      }
    | undefined
  > {
    return this.db
      .selectFrom('messages')
      .select([
        'id',
        'title',
        'body',
        'action_link as actionLink',
        'expires_on as expiresOn',
        'inbound_item_id as inboundItemId',
        'translations',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The person's own, their roles' and everyone's messages not expired at `now`, newest first (in demo
   * mode: the demo messages instead).
   */
  async forRecipient(recipient: Recipient, now: Date, demo = false): Promise<StoredMessage[]> {
    const rows = await this.visibleTo(recipient, now, demo)
      .orderBy('messages.created_on', 'desc')
      .orderBy('messages.id', 'desc')
      .execute();
    return rows.map(toMessage);
  }

  /**
   * Issue 87: one page of `forRecipient`'s list, by keyset on (created_on, id), newest first: the
   * `limit` messages after `after` (from the newest without it), whether more follow, and what holds
   * of the whole list: how many are unread and the newest `bannerLimit` unread banner messages.
   */
  async pageFor(
    recipient: Recipient,
    now: Date,
    ask: MessagesPageAsk,
    demo = false,
  ): Promise<{
    messages: StoredMessage[];
    more: boolean;
    unread: number;
    banner: StoredMessage[];
  }> {
    const { after } = ask;
    const [rows, unread, banner] = await Promise.all([
      this.visibleTo(recipient, now, demo)
        .$if(after !== undefined, (q) =>
          q.where((eb) =>
            eb.or([
              eb('messages.created_on', '<', after?.created_on ?? ''),
              eb.and([
                eb('messages.created_on', '=', after?.created_on ?? ''),
                eb('messages.id', '<', after?.pk ?? 0),
              ]),
            ]),
          ),
        )
        .orderBy('messages.created_on', 'desc')
        .orderBy('messages.id', 'desc')
        .limit(ask.limit + 1)
        .execute(),
      this.unreadCount(recipient, now, demo),
      this.visibleTo(recipient, now, demo)
        .where('r.read_on', 'is', null)
        .where('messages.display_as_banner', '=', 1)
        .orderBy('messages.created_on', 'desc')
        .orderBy('messages.id', 'desc')
        .limit(ask.bannerLimit)
        .execute(),
    ]);
    return {
      messages: rows.slice(0, ask.limit).map(toMessage),
      more: rows.length > ask.limit,
      unread,
      banner: banner.map(toMessage),
    };
  }

  /**
   * Marks message `pk` read for the person, when it is one of theirs; the first read time stays.
   * Answers the message as they now see it, or undefined when it is not theirs (or gone).
   */
  async markRead(
    recipient: Recipient,
    pk: number,
    readOn: string,
    now: Date,
    demo = false,
  ): Promise<StoredMessage | undefined> {
    const visible = await this.visibleTo(recipient, now, demo)
      .where('messages.id', '=', pk)
      .executeTakeFirst();
    if (!visible) return undefined;
    await this.db
      .insertInto('message_reads')
      .values({ message_id: pk, user_id: recipient.id, read_on: readOn })
      .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
      .execute();
    const row = await this.visibleTo(recipient, now, demo)
      .where('messages.id', '=', pk)
      .executeTakeFirst();
    return row && toMessage(row);
  }

  /**
   * Marks every message the person sees at `now` read (only `category`'s, when given), on every page:
   * one statement, however many there are; those already read keep their first read time. Answers how
   * many it marked and how many of the list are still unread.
   */
  async markAllRead(
    recipient: Recipient,
    readOn: string,
    now: Date,
    category?: MessageCategory,
    demo = false,
  ): Promise<{ marked: number; unread: number }> {
    const unread = this.visibleTo(recipient, now, demo)
      .clearSelect()
      .select([
        'messages.id',
        sql<number>`cast(${recipient.id} as integer)`.as('user_id'),
        sql<string>`cast(${readOn} as text)`.as('read_on'),
      ])
      // SQLite reads `ON CONFLICT` after an `INSERT … SELECT` only when the SELECT has a WHERE.
      .where('r.read_on', 'is', null)
      .$if(category !== undefined, (q) => q.where('messages.category', '=', category ?? 'general'));
    const result = await this.db
      .insertInto('message_reads')
      .columns(['message_id', 'user_id', 'read_on'])
      .expression(unread)
      .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return {
      marked: Number(result.numInsertedOrUpdatedRows ?? 0n),
      unread: await this.unreadCount(recipient, now, demo),
    };
  }

  private async unreadCount(recipient: Recipient, now: Date, demo: boolean): Promise<number> {
    const row = await this.visibleTo(recipient, now, demo)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('r.read_on', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private values(m: NewMessage) {
    return {
      ...audienceColumns(m),
      title: m.title,
      body: m.body,
      action_link: m.action_link || null,
      display_as_banner: Number(m.display_as_banner ?? false),
      app_message: Number(m.app_message ?? false),
      category: m.category ?? 'general',
      created_on: m.created_on.toISOString(),
      expires_on: m.expires_on ? m.expires_on.toISOString() : null,
      seed_key: m.seed_key ?? null,
      translations: m.translations ?? '{}',
    };
  }

  private visibleTo(recipient: Recipient, now: Date, demo: boolean) {
    const { roles } = recipient;
    const addressed = (eb: ExpressionBuilder<DatabaseSchema, 'messages'>) =>
      demo
        ? eb('messages.audience', '=', 'demo')
        : eb.or([
            eb('messages.audience', '=', 'everyone'),
            eb.and([
              eb('messages.audience', '=', 'person'),
              eb('messages.username', '=', recipient.username),
            ]),
            ...(roles.length > 0
              ? [eb.and([eb('messages.audience', '=', 'role'), eb('messages.role', 'in', roles)])]
              : []),
            // A publisher's message (issue 60): exactly the people its item reached.
            eb.and([
              eb('messages.audience', '=', 'inbound'),
              eb.exists(
                eb
                  .selectFrom('inbound_recipients as ir')
                  .select('ir.item_id')
                  .whereRef('ir.item_id', '=', 'messages.inbound_item_id')
                  .where('ir.user_id', '=', recipient.id),
              ),
            ]),
          ]);
    return (
      this.db
        .selectFrom('messages')
        .leftJoin('message_reads as r', (join) =>
          join.onRef('r.message_id', '=', 'messages.id').on('r.user_id', '=', recipient.id),
        )
        .leftJoin('inbound_items as ii', 'ii.id', 'messages.inbound_item_id')
        .leftJoin('inbound_publishers as ip', 'ip.id', 'ii.publisher_id')
        .leftJoin('preferences as pr', (join) => join.on('pr.user_id', '=', recipient.id))
        .selectAll('messages')
        .select([
          'r.read_on',
          'ip.label as from_label',
          'ii.translations as item_translations',
          'pr.language as reader_language',
        ])
        .where(addressed)
        // A publisher's message with a publish_at shows from then (issue 60).
        .where((eb) =>
          eb.or([eb('ii.publish_at', 'is', null), eb('ii.publish_at', '<=', now.toISOString())]),
        )
        .where((eb) =>
          eb.or([
            eb('messages.expires_on', 'is', null),
            eb('messages.expires_on', '>', now.toISOString()),
          ]),
        )
    );
  }
}

import type { Kysely, Selectable } from 'kysely';
import type { InboundItemsTable } from '../inbound.schema.js';
import type { DatabaseSchema } from '../schema.js';

export type ItemRow = Selectable<InboundItemsTable>;

export interface ItemFields {
  kind: string;
  title: string;
  body: string;
  actionLink: string | null;
  translations: string;
  channels: string;
  audience: string;
  publishAt: string | null;
  expiresOn: string | null;
  dueOn: string | null;
  category: string | null;
  severity: string | null;
  recipients: number;
  /** A campaign's office as compared (campaigns.ts `officeKey`); null for any other item. */
  campaignOffice: string | null;
  /** The `Idempotency-Key` of the call writing it, if it has one. */
  idempotencyKey?: string | undefined;
}

const CHUNK = 500;

const fields = (f: ItemFields) => ({
  kind: f.kind,
  title: f.title,
  body: f.body,
  action_link: f.actionLink,
  translations: f.translations,
  channels: f.channels,
  audience: f.audience,
  publish_at: f.publishAt,
  expires_on: f.expiresOn,
  due_on: f.dueOn,
  category: f.category,
  severity: f.severity,
  recipients: f.recipients,
  campaign_office: f.campaignOffice,
  idempotency_key: f.idempotencyKey ?? null,
});

/**
 * The items publishers posted (issue 60) keyed by (publisher, `source_id`), the people each reaches,
 * and what each is in the portal: a message row or a Next Steps task marked with the item.
 */
export class InboundItemsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async find(publisherId: number, sourceId: string): Promise<ItemRow | undefined> {
    return this.db
      .selectFrom('inbound_items')
      .selectAll()
      .where('publisher_id', '=', publisherId)
      .where('source_id', '=', sourceId)
      .executeTakeFirst();
  }

  async byId(id: number): Promise<ItemRow | undefined> {
    return this.db.selectFrom('inbound_items').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The publisher's items, newest first. */
  async ofPublisher(publisherId: number, limit = 200): Promise<ItemRow[]> {
    return this.db
      .selectFrom('inbound_items')
      .selectAll()
      .where('publisher_id', '=', publisherId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Writes the item (a new one, or the same `source_id` again: replaced); resolves to its id. */
  async save(publisherId: number, sourceId: string, f: ItemFields, now: Date): Promise<number> {
    const at = now.toISOString();
    const row = await this.db
      .insertInto('inbound_items')
      .values({
        ...fields(f),
        publisher_id: publisherId,
        source_id: sourceId,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc
          .columns(['publisher_id', 'source_id'])
          .doUpdateSet({ ...fields(f), updated_at: at, retracted_at: null }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async markRetracted(id: number, now: Date): Promise<void> {
    await this.db
      .updateTable('inbound_items')
      .set({ retracted_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /** Adds people the item reaches (at most a few hundred a call: the caller yields between). */
  async addRecipients(itemId: number, userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .insertInto('inbound_recipients')
      .values(userIds.map((user_id) => ({ item_id: itemId, user_id })))
      .onConflict((oc) => oc.columns(['item_id', 'user_id']).doNothing())
      .execute();
  }

  /** Takes people off the item (at most a few hundred a call). */
  async removeRecipients(itemId: number, userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .deleteFrom('inbound_recipients')
      .where('item_id', '=', itemId)
      .where('user_id', 'in', userIds)
      .execute();
  }

  async recipientIds(itemId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('inbound_recipients')
      .select('user_id')
      .where('item_id', '=', itemId)
      .execute();
    return rows.map((r) => r.user_id);
  }

  /** Of `usernames`, the stored people: id by username. */
  async usersByName(usernames: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    for (let i = 0; i < usernames.length; i += CHUNK) {
      const rows = await this.db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('username', 'in', usernames.slice(i, i + CHUNK))
        .execute();
      for (const r of rows) found.set(r.username, r.id);
    }
    return found;
  }

  /**
   * Everyone holding one of `roles`, primary or other (other roles are JSON list text), with the
   * university ID sign-in stored (empty for an account the records do not know).
   */
  async usersByRoles(
    roles: readonly string[],
    among?: readonly number[],
  ): Promise<{ id: number; nineNumber: string }[]> {
    if (roles.length === 0 || among?.length === 0) return [];
    let query = this.db
      .selectFrom('users')
      .select(['id', 'nine_number'])
      .where((eb) =>
        eb.or([
          eb('primary_role', 'in', roles),
          ...roles.map((role) => eb('other_roles', 'like', `%"${role}"%`)),
        ]),
      );
    if (among !== undefined) query = query.where('id', 'in', [...among]);
    const rows = await query.execute();
    return rows.map((r) => ({ id: r.id, nineNumber: r.nine_number }));
  }

  /** Everyone of one of the Next Steps student types named `groups` (of `among`, when given). */
  async usersByGroups(groups: readonly string[], among?: readonly number[]): Promise<number[]> {
    if (groups.length === 0 || among?.length === 0) return [];
    let query = this.db
      .selectFrom('ns_user_student_types as ust')
      .innerJoin('ns_student_types as st', 'st.id', 'ust.student_type_id')
      .select('ust.user_id')
      .distinct()
      .where('st.name', 'in', groups);
    if (among !== undefined) query = query.where('ust.user_id', 'in', [...among]);
    const rows = await query.execute();
    return rows.map((r) => r.user_id);
  }

  /** The id of the Next Steps category `slug` (or named so), undefined when there is none. */
  async categoryId(slugOrName: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('ns_categories')
      .select('id')
      .where((eb) => eb.or([eb('slug', '=', slugOrName), eb('name', '=', slugOrName)]))
      .executeTakeFirst();
    return row?.id;
  }

  async firstCategoryId(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('ns_categories')
      .select('id')
      .orderBy('id')
      .executeTakeFirst();
    return row?.id;
  }
}

import type { Kysely, Selectable } from 'kysely';
import type { InboundItemsTable } from '../inbound.schema.js';
import type { DatabaseSchema } from '../schema.js';

const CHUNK = 500;

export interface ItemMessage {
  itemId: number;
  title: string;
  body: string;
  actionLink: string | null;
  createdOn: string;
  expiresOn: string | null;
}

export interface ItemTask {
  itemId: number;
  title: string;
  description: string;
  categoryId: number;
  startsOn: string | null;
  endsOn: string | null;
  endsOnDay: string | null;
  publishesOn: string | null;
}

export interface ItemStats {
  recipients: number;
  read: number;
  completed: number;
  delivered: Record<string, number>;
}

/**
 * What an inbound item (issue 60) is in the portal — its message row (audience `inbound`) or its Next
 * Steps task (no student types: only its recipients have it) —, completions made in the
 * publisher's system, retraction, the item's figures and its alerts for a person.
 */
export class InboundDeliveryRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Writes the item's message (replacing its text when there is one); resolves to its id. */
  async saveMessage(m: ItemMessage): Promise<number> {
    const values = {
      title: m.title,
      body: m.body,
      action_link: m.actionLink,
      expires_on: m.expiresOn,
      created_on: m.createdOn,
    };
    const existing = await this.messageOf(m.itemId);
    if (existing !== undefined) {
      await this.db.updateTable('messages').set(values).where('id', '=', existing).execute();
      return existing;
    }
    const row = await this.db
      .insertInto('messages')
      .values({ ...values, audience: 'inbound', inbound_item_id: m.itemId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async messageOf(itemId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('messages')
      .select('id')
      .where('inbound_item_id', '=', itemId)
      .executeTakeFirst();
    return row?.id;
  }

  /** Writes the item's task (replacing it when there is one); resolves to its id. */
  async saveTask(t: ItemTask): Promise<number> {
    const values = {
      title: t.title,
      description: t.description,
      category_id: t.categoryId,
      starts_on: t.startsOn,
      ends_on: t.endsOn,
      ends_on_day: t.endsOnDay,
      has_deadline: t.endsOn === null ? 0 : 1,
      publishes_on: t.publishesOn,
    };
    let taskId = await this.taskOf(t.itemId);
    if (taskId !== undefined) {
      await this.db.updateTable('ns_tasks').set(values).where('id', '=', taskId).execute();
    } else {
      const row = await this.db
        .insertInto('ns_tasks')
        .values({
          ...values,
          is_important: 0,
          important_reason: '',
          new_student_checklist: 0,
          checklist_rank: null,
          action_date: null,
          periodicity: '',
          sort_by: 'END',
          modality: 'ONLINE',
          published: 1,
          inbound_item_id: t.itemId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      taskId = row.id;
    }
    return taskId;
  }

  /** Gives people their record of the task (at most a few hundred a call). */
  async addTaskRecords(taskId: number, userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .insertInto('ns_user_tasks')
      .values(userIds.map((user_id) => ({ user_id, task_id: taskId, starred: 0 })))
      .onConflict((oc) => oc.columns(['user_id', 'task_id']).doNothing())
      .execute();
  }

  async taskOf(itemId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('ns_tasks')
      .select('id')
      .where('inbound_item_id', '=', itemId)
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * Marks the item's task done for those of `userIds` it reaches, as the publisher `by` did, and
   * why when the student's record did it (`because`, JSON: `ns_user_tasks.completed_because`);
   * resolves to the ids of the people marked.
   */
  async complete(
    itemId: number,
    userIds: readonly number[],
    at: string,
    by: string,
    because: string | null = null,
  ) {
    const taskId = await this.taskOf(itemId);
    const marked: number[] = [];
    for (let i = 0; i < userIds.length; i += CHUNK) {
      const ids = userIds.slice(i, i + CHUNK);
      const rows = await this.db
        .updateTable('inbound_recipients')
        .set({ completed_at: at })
        .where('item_id', '=', itemId)
        .where('user_id', 'in', ids)
        .returning('user_id')
        .execute();
      const reached = rows.map((r) => r.user_id);
      marked.push(...reached);
      if (taskId !== undefined && reached.length > 0) {
        await this.db
          .updateTable('ns_user_tasks')
          .set({ completed_on: at, completed_by: by, completed_because: because })
          .where('task_id', '=', taskId)
          .where('user_id', 'in', reached)
          .execute();
      }
    }
    return marked;
  }

  /** Takes the item out of the portal: its task and its message are removed. */
  async withdraw(itemId: number): Promise<void> {
    await this.db.deleteFrom('ns_tasks').where('inbound_item_id', '=', itemId).execute();
    await this.db.deleteFrom('messages').where('inbound_item_id', '=', itemId).execute();
  }

  async stats(item: Selectable<InboundItemsTable>): Promise<ItemStats> {
    const count = async (q: Promise<{ n: number | string } | undefined>) =>
      Number((await q)?.n ?? 0);
    const recipients = await count(
      this.db
        .selectFrom('inbound_recipients')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('item_id', '=', item.id)
        .executeTakeFirst(),
    );
    const completed = await count(
      this.db
        .selectFrom('inbound_recipients')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('item_id', '=', item.id)
        .where('completed_at', 'is not', null)
        .executeTakeFirst(),
    );
    const messageId = await this.messageOf(item.id);
    const read =
      messageId === undefined
        ? 0
        : await count(
            this.db
              .selectFrom('message_reads')
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .where('message_id', '=', messageId)
              .executeTakeFirst(),
          );
    const delivered: Record<string, number> = {};
    // A message's notices are its message's jobs; a task's or an alert's name the item.
    const rows = await this.db
      .selectFrom('notify_jobs')
      .select((eb) => ['channel', eb.fn.countAll<number | string>().as('n')])
      .where((eb) =>
        messageId === undefined
          ? eb('idempotency_key', 'like', `message:item-${item.id}:%`)
          : eb('message_id', '=', messageId),
      )
      .where('state', '=', 'sent')
      .groupBy('channel')
      .execute();
    for (const r of rows) delivered[r.channel] = Number(r.n);
    return { recipients, read, completed, delivered };
  }

  /**
   * An item's notice to one person as it stands when the job is due: the item (its text, its
   * translations, when it shows and ends, whether retracted), its task, and the person's place on it
   * (undefined when no longer a recipient).
   */
  async notice(itemId: number, userId: number) {
    const item = await this.db
      .selectFrom('inbound_items as i')
      .leftJoin('inbound_recipients as r', (join) =>
        join.onRef('r.item_id', '=', 'i.id').on('r.user_id', '=', userId),
      )
      .leftJoin('ns_tasks as t', 't.inbound_item_id', 'i.id')
      .select([
        'i.id',
        'i.kind',
        'i.title',
        'i.body',
        'i.action_link',
        'i.translations',
        'i.publish_at',
        'i.expires_on',
        'i.retracted_at',
        'r.user_id as recipient',
        'r.completed_at',
        't.id as task_id',
      ])
      .where('i.id', '=', itemId)
      .executeTakeFirst();
    return item;
  }

  /**
   * The item's notices not sent yet wait until `runAt` (its `publish_at`, moved by a replacement):
   * its message's jobs, and its task's or alert's (`message:item-<id>:…`).
   */
  async holdNotices(itemId: number, messageId: number | undefined, runAt: Date): Promise<void> {
    await this.db
      .updateTable('notify_jobs')
      .set({ run_at: runAt.toISOString() })
      .where('state', '=', 'pending')
      .where((eb) =>
        eb.or([
          eb('idempotency_key', 'like', `message:item-${itemId}:%`),
          ...(messageId === undefined ? [] : [eb('message_id', '=', messageId)]),
        ]),
      )
      .execute();
  }

  /** The alerts (not retracted, published, not expired, updated since `since`) reaching a person. */
  async alertsFor(userId: number, now: string, since: string) {
    return this.db
      .selectFrom('inbound_items as i')
      .innerJoin('inbound_recipients as r', 'r.item_id', 'i.id')
      .select([
        'i.id',
        'i.title',
        'i.body',
        'i.translations',
        'i.severity',
        'i.updated_at',
        'i.publish_at',
      ])
      .where('r.user_id', '=', userId)
      .where('i.kind', '=', 'alert')
      .where('i.retracted_at', 'is', null)
      .where('i.updated_at', '>=', since)
      .where((eb) => eb.or([eb('i.publish_at', 'is', null), eb('i.publish_at', '<=', now)]))
      .where((eb) => eb.or([eb('i.expires_on', 'is', null), eb('i.expires_on', '>', now)]))
      .orderBy('i.updated_at', 'desc')
      .limit(10)
      .execute();
  }
}

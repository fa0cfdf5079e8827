import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

/** An office's campaigns read for one person at a time, this many a statement. */
export const CAMPAIGNS_AT_ONCE = 100;

/** A completion by an appointment: when, by whom (a publisher's label) and why (JSON). */
export interface BookedCompletion {
  at: string;
  by: string;
  because: string;
}

/**
 * Advising campaigns (issue 92, migration 057): a publisher's task an appointment with an office
 * completes. What is read is bounded: one person's open campaigns of one office, or the
 * appointments of a page of a campaign's people.
 */
export class CampaignsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Of the campaigns of `office` (as compared), those the person has and has not completed. */
  async openFor(userId: number, office: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('inbound_recipients as r')
      .innerJoin('inbound_items as i', 'i.id', 'r.item_id')
      .select('i.id')
      .where('r.user_id', '=', userId)
      .where('r.completed_at', 'is', null)
      .where('i.campaign_office', '=', office)
      .where('i.kind', '=', 'task')
      .where('i.retracted_at', 'is', null)
      .orderBy('i.id')
      .limit(CAMPAIGNS_AT_ONCE)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * The appointments not cancelled and not over at `now`, with an office, of those of `userIds`
   * (a page: at most a few hundred) who have not completed campaign `itemId`.
   */
  async bookedAmong(itemId: number, userIds: readonly number[], now: Date) {
    if (userIds.length === 0) return [];
    return this.db
      .selectFrom('appointments as a')
      .innerJoin('inbound_recipients as r', (join) =>
        join.onRef('r.user_id', '=', 'a.user_id').on('r.item_id', '=', itemId),
      )
      .innerJoin('inbound_publishers as p', 'p.id', 'a.publisher_id')
      .select(['a.user_id as userId', 'a.with_office as office', 'p.label as from'])
      .where('a.user_id', 'in', [...userIds])
      .where('a.ends_at', '>', now.toISOString())
      .where('a.cancelled', '=', 0)
      .where('a.with_office', 'is not', null)
      .where('r.completed_at', 'is', null)
      .orderBy('a.user_id')
      .orderBy('a.starts_at')
      .execute();
  }

  /**
   * Completes the campaign for those of `userIds` (at most a few hundred) who have not completed
   * it, as `done` says; the task a student marked done themselves keeps their own completion.
   * Resolves to the ids of the people completed.
   */
  async complete(itemId: number, userIds: readonly number[], done: BookedCompletion) {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .updateTable('inbound_recipients')
      .set({ completed_at: done.at })
      .where('item_id', '=', itemId)
      .where('user_id', 'in', [...userIds])
      .where('completed_at', 'is', null)
      .returning('user_id')
      .execute();
    const reached = rows.map((r) => r.user_id);
    if (reached.length === 0) return reached;
    const task = await this.db
      .selectFrom('ns_tasks')
      .select('id')
      .where('inbound_item_id', '=', itemId)
      .executeTakeFirst();
    if (task)
      await this.db
        .updateTable('ns_user_tasks')
        .set({ completed_on: done.at, completed_by: done.by, completed_because: done.because })
        .where('task_id', '=', task.id)
        .where('user_id', 'in', reached)
        .where('completed_on', 'is', null)
        .execute();
    return reached;
  }
}

import type { Kysely, Selectable } from 'kysely';
import {
  courseworkFeedStatusSchema,
  courseworkItemSchema,
  courseworkKindSchema,
  courseworkSourceSchema,
} from '../../../contract/coursework.schema.js';
import type {
  CourseworkFeedStatus,
  CourseworkItem,
  CourseworkKind,
  CourseworkSource,
} from '../../../contract/coursework.schema.js';
import type { CourseworkFeedsTable, DatabaseSchema } from '../schema.js';

/**
 * A student's feed as stored: the address only sealed (server/coursework/feed-address.ts), or, for a
 * Canvas connection, its tokens only sealed (server/coursework/canvas-connection.ts).
 */
export interface CourseworkFeedRecord {
  userId: number;
  kind: CourseworkKind;
  /** A calendar feed's sealed address; empty for a Canvas connection. */
  addressSealed: string;
  /** A Canvas connection's sealed tokens; null for a calendar feed. */
  tokensSealed: string | null;
  masked: string;
  source: CourseworkSource;
  status: CourseworkFeedStatus;
  etag: string | null;
  lastModified: string | null;
  readAt: Date | null;
  failures: number;
  /** Null: not read on a schedule (a broken feed waits for a new address). */
  nextReadAt: Date | null;
  createdAt: Date;
  /** When the student last asked for a reading now (the refresh's cooldown); null: never. */
  refreshedAt?: Date | null;
}

/** A coursework item as stored. */
export interface CourseworkItemRecord {
  id: string;
  title: string;
  course: string | null;
  due: Date;
  allDay: boolean;
  link: string | null;
  source: CourseworkSource;
  /** A Canvas item's submission state (null or absent for a calendar feed's). */
  submission?: CourseworkItem['submission'];
  /** A Canvas item's planner override, once there is one. */
  overrideId?: number | null;
}

/** What one reading changes of a feed (the items, when given, replace the old ones). */
export interface CourseworkReading {
  status: CourseworkFeedStatus;
  etag?: string | null;
  lastModified?: string | null;
  readAt?: Date;
  failures: number;
  nextReadAt: Date | null;
  items?: CourseworkItemRecord[];
  /** A Canvas connection's tokens, sealed again when a reading refreshed them. */
  tokensSealed?: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Each student's own LMS calendar feed and its coursework items. */
export class CourseworkRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Claims the student's reading on demand: true, and `at` kept, when none was claimed after `since`;
   * false otherwise (or without a feed). One statement, so two processes asked at once claim it once.
   * A claim kept after `at` (the clock was set back) does not hold the next one off.
   */
  async claimRefresh(userId: number, at: Date, since: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('coursework_feeds')
      .set({ refreshed_at: at.toISOString() })
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('refreshed_at', 'is', null),
          eb('refreshed_at', '<=', since.toISOString()),
          eb('refreshed_at', '>', at.toISOString()),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async feedOf(userId: number): Promise<CourseworkFeedRecord | undefined> {
    const row = await this.db
      .selectFrom('coursework_feeds')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && toFeed(row);
  }

  /** The student's items, soonest first. */
  async itemsOf(userId: number): Promise<CourseworkItemRecord[]> {
    const rows = await this.db
      .selectFrom('coursework_items')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('due')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      course: row.course,
      due: new Date(row.due),
      allDay: row.all_day === 1,
      link: row.link,
      source: courseworkSourceSchema.parse(row.source),
      submission: courseworkItemSchema.shape.submission.parse(row.submission),
      overrideId: row.override_id === null ? null : Number(row.override_id),
    }));
  }

  /** The feeds whose scheduled reading is due by `now`, the most overdue first. */
  async dueForReading(now: Date, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('coursework_feeds')
      .select('user_id')
      .where('next_read_at', 'is not', null)
      .where('next_read_at', '<=', now.toISOString())
      .orderBy('next_read_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.user_id);
  }

  /** A new address with its first items: the old address, its validators and items are gone. */
  async replace(record: CourseworkFeedRecord, items: CourseworkItemRecord[]): Promise<void> {
    const values = {
      user_id: record.userId,
      kind: record.kind,
      address_sealed: record.addressSealed,
      tokens_sealed: record.tokensSealed,
      masked: record.masked,
      source: record.source,
      status: record.status,
      etag: record.etag,
      last_modified: record.lastModified,
      read_at: iso(record.readAt),
      failures: record.failures,
      next_read_at: iso(record.nextReadAt),
      created_at: record.createdAt.toISOString(),
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('coursework_feeds').where('user_id', '=', record.userId).execute();
      await trx.insertInto('coursework_feeds').values(values).execute();
      await replaceItems(trx, record.userId, items);
    });
  }

  /** A reading's outcome; its items, when it brought any, replace the old ones. */
  async recordReading(userId: number, reading: CourseworkReading): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('coursework_feeds')
        .set({
          status: reading.status,
          failures: reading.failures,
          next_read_at: iso(reading.nextReadAt),
          ...(reading.etag !== undefined ? { etag: reading.etag } : {}),
          ...(reading.lastModified !== undefined ? { last_modified: reading.lastModified } : {}),
          ...(reading.readAt ? { read_at: reading.readAt.toISOString() } : {}),
          ...(reading.tokensSealed ? { tokens_sealed: reading.tokensSealed } : {}),
        })
        .where('user_id', '=', userId)
        .execute();
      if (reading.items) await replaceItems(trx, userId, reading.items);
    });
  }

  /** The keys of the items the student marked done in the portal. */
  async doneKeysOf(userId: number): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('coursework_done')
      .select('item_key')
      .where('user_id', '=', userId)
      .execute();
    return new Set(rows.map((r) => r.item_key));
  }

  /** Marks an item done (a second mark keeps the first time), or not done again. */
  async setDone(userId: number, key: string, done: boolean, at: Date): Promise<void> {
    if (!done) {
      await this.db
        .deleteFrom('coursework_done')
        .where('user_id', '=', userId)
        .where('item_key', '=', key)
        .execute();
      return;
    }
    await this.db
      .insertInto('coursework_done')
      .values({ user_id: userId, item_key: key, done_at: at.toISOString() })
      .onConflict((oc) => oc.columns(['user_id', 'item_key']).doNothing())
      .execute();
  }

  /** A Canvas item's planner override, made or changed by "Mark done". */
  async setOverride(userId: number, itemId: string, overrideId: number): Promise<void> {
    await this.db
      .updateTable('coursework_items')
      .set({ override_id: overrideId })
      .where('user_id', '=', userId)
      .where('id', '=', itemId)
      .execute();
  }

  /** Forgets the feed, its items and what was marked done. */
  async remove(userId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('coursework_done').where('user_id', '=', userId).execute();
      await trx.deleteFrom('coursework_items').where('user_id', '=', userId).execute();
      await trx.deleteFrom('coursework_feeds').where('user_id', '=', userId).execute();
    });
  }
}

async function replaceItems(
  trx: Kysely<DatabaseSchema>,
  userId: number,
  items: CourseworkItemRecord[],
): Promise<void> {
  await trx.deleteFrom('coursework_items').where('user_id', '=', userId).execute();
  // A few hundred rows at most (COURSEWORK_ITEMS_MAX), in chunks the SQLite variable limit allows.
  for (let i = 0; i < items.length; i += 50) {
    await trx
      .insertInto('coursework_items')
      .values(
        items.slice(i, i + 50).map((item) => ({
          user_id: userId,
          id: item.id,
          title: item.title,
          course: item.course,
          due: item.due.toISOString(),
          all_day: item.allDay ? 1 : 0,
          link: item.link,
          source: item.source,
          submission: item.submission ?? null,
          override_id: item.overrideId ?? null,
        })),
      )
      .execute();
  }
}

function toFeed(row: Selectable<CourseworkFeedsTable>): CourseworkFeedRecord {
  return {
    userId: row.user_id,
    kind: courseworkKindSchema.parse(row.kind),
    addressSealed: row.address_sealed,
    tokensSealed: row.tokens_sealed,
    masked: row.masked,
    source: courseworkSourceSchema.parse(row.source),
    status: courseworkFeedStatusSchema.parse(row.status),
    etag: row.etag,
    lastModified: row.last_modified,
    readAt: row.read_at ? new Date(row.read_at) : null,
    failures: Number(row.failures),
    nextReadAt: row.next_read_at ? new Date(row.next_read_at) : null,
    createdAt: new Date(row.created_at),
    refreshedAt: row.refreshed_at ? new Date(row.refreshed_at) : null,
  };
}

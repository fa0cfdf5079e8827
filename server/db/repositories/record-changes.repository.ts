import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

/** A message to one person telling of changes, as the changes module wrote it. */
export interface ChangeMessage {
  username: string;
  title: string;
  body: string;
  actionLink: string;
  /** The Spanish version, `{ "es": { "title", "body" } }` as JSON text. */
  translations: string;
}

/** One change raised, and which of the messages tells of it (its index). */
export interface RaisedChange {
  kind: string;
  subject: string;
  message: number;
}

export interface Advance {
  userId: number;
  /** The stored version the fingerprint was compared with; undefined: none was stored (a baseline). */
  from: number | undefined;
  fingerprint: string;
  now: Date;
  changes: readonly RaisedChange[];
  messages: readonly ChangeMessage[];
  /**
   * A summary already told within the burst's hour: the one message (index 0) is written over it, in
   * place of a new one, so a burst spread over several comparisons stays one summary.
   */
  foldInto?: number;
}

/** A message telling of several changes (a burst's summary), as stored. */
export interface StoredSummary {
  id: number;
  body: string;
  translations: string | null;
}

/**
 * Each student's last record fingerprint and the changes raised (issue 74, migration 041). The
 * repository applies no rule: `changes/` decides what changed and what to say.
 */
export class RecordChangesRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** The stored fingerprint and its version, or undefined before the first one. */
  async stored(userId: number): Promise<{ version: number; fingerprint: string } | undefined> {
    const row = await this.db
      .selectFrom('record_fingerprints')
      .select(['version', 'fingerprint'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && { version: Number(row.version), fingerprint: row.fingerprint };
  }

  /** The stored fingerprints of `userIds` (a sweep's batch), by user id. */
  async storedMany(userIds: readonly number[]): Promise<Map<number, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('record_fingerprints')
      .select(['user_id', 'fingerprint'])
      .where('user_id', 'in', [...userIds])
      .execute();
    return new Map(rows.map((r) => [Number(r.user_id), r.fingerprint]));
  }

  /**
   * First fingerprints (baselines, version 0), many in one statement; a person who has one already
   * (another process got there first) keeps it. Raises nothing.
   */
  async baselines(
    rows: ReadonlyArray<{ userId: number; fingerprint: string }>,
    now: Date,
  ): Promise<void> {
    if (rows.length === 0) return;
    const at = now.toISOString();
    await this.db
      .insertInto('record_fingerprints')
      .values(
        rows.map((r) => ({
          user_id: r.userId,
          version: 0,
          fingerprint: r.fingerprint,
          updated_at: at,
        })),
      )
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  /** The changes raised since `since` by kind, counts only (the reach page). */
  async countsByKind(since: Date): Promise<Array<{ kind: string; count: number }>> {
    const rows = await this.db
      .selectFrom('record_changes')
      .select((eb) => ['kind', eb.fn.countAll<string | number>().as('n')])
      .where('raised_at', '>=', since.toISOString())
      .groupBy('kind')
      .orderBy('kind')
      .execute();
    return rows.map((r) => ({ kind: r.kind, count: Number(r.n) }));
  }

  /** Of `userIds`, those with a stored fingerprint (a baseline), 500 a statement by the caller. */
  async withBaseline(userIds: readonly number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('record_fingerprints')
      .select('user_id')
      .where('user_id', 'in', [...userIds])
      .execute();
    return new Set(rows.map((r) => Number(r.user_id)));
  }

  /** How many changes were raised for the person since `since` (a burst's count). */
  async raisedSince(userId: number, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('record_changes')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('raised_at', '>=', since.toISOString())
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The latest message telling of more than one of the person's changes since `since`, if any. */
  async summarySince(userId: number, since: Date): Promise<StoredSummary | undefined> {
    const row = await this.db
      .selectFrom('record_changes')
      .select((eb) => ['message_id', eb.fn.max('raised_at').as('last')])
      .where('user_id', '=', userId)
      .where('raised_at', '>=', since.toISOString())
      .where('message_id', 'is not', null)
      .groupBy('message_id')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .orderBy('last', 'desc')
      .orderBy('message_id', 'desc')
      .executeTakeFirst();
    if (row?.message_id == null) return undefined;
    const message = await this.db
      .selectFrom('messages')
      .select(['id', 'body', 'translations'])
      .where('id', '=', Number(row.message_id))
      .executeTakeFirst();
    return message && { id: message.id, body: message.body, translations: message.translations };
  }

  /**
   * Stores the new fingerprint in place of version `from` and raises its changes, in one
   * transaction: only when the stored version is still `from` (another process that got there first
   * wins, and this one writes nothing), each change once under its key (student, kind, subject,
   * version), and a message only when a change it tells of was raised now. Answers the messages
   * written: each one's index in `messages` and its id.
   */
  async advance(a: Advance): Promise<Array<{ message: number; id: number }>> {
    const at = a.now.toISOString();
    return this.db.transaction().execute(async (tx) => {
      let version = 0;
      if (a.from === undefined) {
        const added = await tx
          .insertInto('record_fingerprints')
          .values({ user_id: a.userId, version, fingerprint: a.fingerprint, updated_at: at })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .executeTakeFirst();
        if (Number(added.numInsertedOrUpdatedRows ?? 0n) !== 1) return [];
      } else {
        version = a.from + 1;
        const moved = await tx
          .updateTable('record_fingerprints')
          .set({ version, fingerprint: a.fingerprint, updated_at: at })
          .where('user_id', '=', a.userId)
          .where('version', '=', a.from)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return [];
      }
      const told = new Map<number, Array<{ kind: string; subject: string }>>();
      for (const c of a.changes) {
        const row = { user_id: a.userId, kind: c.kind, subject: c.subject, version };
        const added = await tx
          .insertInto('record_changes')
          .values({ ...row, raised_at: at, message_id: null })
          .onConflict((oc) => oc.columns(['user_id', 'kind', 'subject', 'version']).doNothing())
          .executeTakeFirst();
        if (Number(added.numInsertedOrUpdatedRows ?? 0n) === 1)
          told.set(c.message, [...(told.get(c.message) ?? []), c]);
      }
      const written: Array<{ message: number; id: number }> = [];
      for (const [index, raised] of told) {
        const m = a.messages[index];
        if (!m) continue;
        const message =
          a.foldInto !== undefined && index === 0
            ? await tx
                .updateTable('messages')
                .set({ title: m.title, body: m.body, translations: m.translations })
                .where('id', '=', a.foldInto)
                .returning('id')
                .executeTakeFirstOrThrow()
            : await tx
                .insertInto('messages')
                .values({
                  audience: 'person',
                  username: m.username,
                  role: null,
                  title: m.title,
                  body: m.body,
                  action_link: m.actionLink,
                  created_on: at,
                  expires_on: null,
                  seed_key: null,
                  inbound_item_id: null,
                  translations: m.translations,
                })
                .returning('id')
                .executeTakeFirstOrThrow();
        written.push({ message: index, id: message.id });
        for (const c of raised)
          await tx
            .updateTable('record_changes')
            .set({ message_id: message.id })
            .where('user_id', '=', a.userId)
            .where('kind', '=', c.kind)
            .where('subject', '=', c.subject)
            .where('version', '=', version)
            .execute();
      }
      return written;
    });
  }
}

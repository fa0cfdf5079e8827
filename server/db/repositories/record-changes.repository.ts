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
        const message = await tx
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

import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

const QUEUE = 'ethos';

/** What a change named: a person (GUID) to compare, or a section (GUID) whose students are. */
export interface PendingSubject {
  kind: 'person' | 'section';
  subject: string;
}

/**
 * The Ethos change-notification queue's lease and position. One process at a time holds the lease
 * (a claim succeeds when the row is free, the claimer's own, or its lease has passed); only the
 * holder, while its lease lasts, moves the position on (the fence), so a process whose lease passed
 * while it waited on Ethos writes nothing.
 */
export class EthosConsumeRepository {
  /** `queue`: the Ethos queue, or another job's lease kept the same way (the changes sweep's). */
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly queue: string = QUEUE,
  ) {}

  /** Takes or renews the lease; the last id handled when it is this holder's, else undefined. */
  async claim(
    holder: string,
    now: Date,
    leaseMs: number,
  ): Promise<{ lastId: string | null } | undefined> {
    const at = now.toISOString();
    await this.db
      .insertInto('ethos_consume')
      .values({ queue: this.queue, holder: null, lease_until: null, last_id: null, updated_at: at })
      .onConflict((oc) => oc.column('queue').doNothing())
      .execute();
    const claimed = await this.db
      .updateTable('ethos_consume')
      .set({ holder, lease_until: new Date(now.getTime() + leaseMs).toISOString(), updated_at: at })
      .where('queue', '=', this.queue)
      .where((eb) =>
        eb.or([eb('holder', 'is', null), eb('holder', '=', holder), eb('lease_until', '<', at)]),
      )
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return undefined;
    const row = await this.db
      .selectFrom('ethos_consume')
      .select('last_id')
      .where('queue', '=', this.queue)
      .executeTakeFirstOrThrow();
    return { lastId: row.last_id };
  }

  /**
   * Records the last change read and, in the same transaction, what its changes named (kept until
   * handled: `handled`); false (nothing written) when the lease is no longer this holder's.
   */
  async advance(
    holder: string,
    lastId: string,
    now: Date,
    named: readonly PendingSubject[] = [],
  ): Promise<boolean> {
    const at = now.toISOString();
    return this.db.transaction().execute(async (tx) => {
      const done = await tx
        .updateTable('ethos_consume')
        .set({ last_id: lastId, updated_at: at })
        .where('queue', '=', this.queue)
        .where('holder', '=', holder)
        .where('lease_until', '>', at)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      for (let i = 0; i < named.length; i += 200)
        await tx
          .insertInto('ethos_pending')
          .values(named.slice(i, i + 200).map((n) => ({ ...n, named_at: at })))
          .onConflict((oc) => oc.columns(['kind', 'subject']).doNothing())
          .execute();
      return true;
    });
  }

  /** More to handle, named by a change being handled (a section's students). */
  async name(subjects: readonly PendingSubject[], now: Date): Promise<void> {
    const at = now.toISOString();
    for (let i = 0; i < subjects.length; i += 200)
      await this.db
        .insertInto('ethos_pending')
        .values(subjects.slice(i, i + 200).map((n) => ({ ...n, named_at: at })))
        .onConflict((oc) => oc.columns(['kind', 'subject']).doNothing())
        .execute();
  }

  /** What was named and not yet handled, the oldest first. */
  pending(limit: number): Promise<Array<PendingSubject & { attempts: number }>> {
    return this.db
      .selectFrom('ethos_pending')
      .select(['kind', 'subject', 'attempts'])
      .orderBy('named_at')
      .orderBy('subject')
      .limit(limit)
      .execute();
  }

  /** Handled (read and compared, or given up): gone from the pending rows. */
  async handled(subjects: readonly PendingSubject[]): Promise<void> {
    for (const s of subjects)
      await this.db
        .deleteFrom('ethos_pending')
        .where('kind', '=', s.kind)
        .where('subject', '=', s.subject)
        .execute();
  }

  /** A read that failed: counted, and the subject kept for the next poll. */
  async failed(subject: PendingSubject): Promise<void> {
    await this.db
      .updateTable('ethos_pending')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('kind', '=', subject.kind)
      .where('subject', '=', subject.subject)
      .execute();
  }

  /** Gives the lease up (a process closing), so another takes it at once. */
  async release(holder: string): Promise<void> {
    await this.db
      .updateTable('ethos_consume')
      .set({ holder: null, lease_until: null })
      .where('queue', '=', this.queue)
      .where('holder', '=', holder)
      .execute();
  }
}

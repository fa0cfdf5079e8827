import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../database.js';
import type { NotifyJobsTable } from '../notify.schema.js';
import type { DatabaseSchema } from '../schema.js';

export type NotifyJob = Selectable<NotifyJobsTable>;

export interface NewJob {
  idempotencyKey: string;
  channel: string;
  topic: string;
  userId: number;
  payload: Record<string, unknown>;
  runAt: Date;
  /** The portal message a job announces ("also notify"; migration 018). */
  messageId?: number;
}

/**
 * The reminder schedule, the same on SQLite and PostgreSQL. A job is claimed by one worker at a time
 * under a lease: on PostgreSQL the claim skips rows another process is claiming (`FOR UPDATE SKIP
 * LOCKED`); SQLite runs one writer at a time, so its single statement is the lock. A running job
 * whose lease has passed (its worker died) is claimed again.
 */
export class NotifyJobsRepository {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: Dialect,
  ) {}

  /** Adds the job unless one with its idempotency key exists; true when it was added. */
  async enqueue(job: NewJob, now: Date): Promise<boolean> {
    const result = await this.db
      .insertInto('notify_jobs')
      .values({
        idempotency_key: job.idempotencyKey,
        channel: job.channel,
        topic: job.topic,
        user_id: job.userId,
        payload: JSON.stringify(job.payload),
        run_at: job.runAt.toISOString(),
        created_at: now.toISOString(),
        ...(job.messageId === undefined ? {} : { message_id: job.messageId }),
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Leases up to `limit` due jobs to `worker` until `now + leaseMs`: pending ones whose time has come
   * and running ones whose lease has expired. Each claim counts as an attempt.
   */
  async claim(worker: string, now: Date, leaseMs: number, limit: number): Promise<NotifyJob[]> {
    const at = now.toISOString();
    const due = this.db
      .selectFrom('notify_jobs')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'pending'), eb('run_at', '<=', at)]),
          eb.and([eb('state', '=', 'running'), eb('locked_until', '<', at)]),
        ]),
      )
      .orderBy('run_at')
      .orderBy('id')
      .limit(limit)
      .$if(this.dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
    return this.db
      .updateTable('notify_jobs')
      .set((eb) => ({
        state: 'running',
        locked_by: worker,
        locked_until: new Date(now.getTime() + leaseMs).toISOString(),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', due)
      .returningAll()
      .execute();
  }

  /** The job is done: `sent`, or `dropped` when it is no longer called for (with the reason). */
  async finish(id: number, state: 'sent' | 'dropped', now: Date, reason?: string): Promise<void> {
    await this.db
      .updateTable('notify_jobs')
      .set({
        state,
        finished_at: now.toISOString(),
        locked_by: null,
        locked_until: null,
        ...(reason === undefined ? {} : { last_error: reason }),
      })
      .where('id', '=', id)
      .execute();
  }

  /** A failed attempt: recorded, and tried again at `retryAt`, or given up (`failed`) when null. */
  async fail(id: number, error: string, now: Date, retryAt: Date | null): Promise<void> {
    await this.db
      .updateTable('notify_jobs')
      .set({
        state: retryAt ? 'pending' : 'failed',
        last_error: error.slice(0, 1000),
        run_at: retryAt ? retryAt.toISOString() : undefined,
        finished_at: retryAt ? null : now.toISOString(),
        locked_by: null,
        locked_until: null,
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * The job waits until `runAt` (its recipient's quiet hours end then): pending again, unleased, and
   * the claim that found it inside the quiet hours does not count as an attempt.
   */
  async hold(id: number, runAt: Date): Promise<void> {
    await this.db
      .updateTable('notify_jobs')
      .set((eb) => ({
        state: 'pending',
        run_at: runAt.toISOString(),
        attempts: eb('attempts', '-', 1),
        locked_by: null,
        locked_until: null,
      }))
      .where('id', '=', id)
      .execute();
  }

  async find(id: number): Promise<NotifyJob | undefined> {
    return this.db.selectFrom('notify_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async byKey(key: string): Promise<NotifyJob | undefined> {
    return this.db
      .selectFrom('notify_jobs')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }

  /** Every job, oldest first (tests and the operations guide's checks). */
  async all(): Promise<NotifyJob[]> {
    return this.db.selectFrom('notify_jobs').selectAll().orderBy('id').execute();
  }
}

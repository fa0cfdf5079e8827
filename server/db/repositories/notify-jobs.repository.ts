import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import type { JobRoute } from '../../notify/kinds.js';
import { JobLeases } from './notify-leases.js';
import { Settlements, type Settlement } from './notify-settle-batch.js';
import type { Lease, NotifyJob } from './notify-job.js';
import type { DatabaseSchema } from '../schema.js';

export type { Lease, NotifyJob } from './notify-job.js';
import {
  ROUTINE,
  URGENT,
  destinationOf,
  destinationOfJob,
  isUrgentTopic,
} from '../notify-lanes.js';

/** What a push job's destination is chosen by: its device's push service and whether it fails. */
interface Device {
  endpoint: string;
  failing: boolean;
}

export interface NewJob extends JobRoute {
  idempotencyKey: string;
  topic: string;
  userId: number;
  payload: Record<string, unknown>;
  runAt: Date;
  /** The portal message a job announces ("also notify"; migration 018). */
  messageId?: number;
  /** Urgent work goes in the emergency lane; unset: urgent when its topic is (notify-lanes.ts). */
  urgent?: boolean;
  /** Where the send goes (`notify-lanes.ts`); unset: a device's push service, else the channel. */
  destination?: string;
}

/** What a claim may take: urgent or routine work, how many, and not for these destinations. */
export interface ClaimRequest {
  urgent: boolean;
  limit: number;
  /** Destinations this worker has at their cap of sends in flight. */
  exclude: readonly string[];
  /** How many more sends to `destination` this worker may start; unset: up to `limit` each. */
  room?: (destination: string) => number;
  expired?: boolean;
}

/**
 * The reminder schedule, the same on SQLite and PostgreSQL: jobs written with their lane and
 * destination, claimed, their outcomes recorded, and read. A job is claimed by one worker at a time
 * under a lease (how the store takes it: `notify-leases.ts`); a running job whose lease has passed
 * (its worker died) is claimed again. An outcome counts only under the claim's lease (the fence,
 * `notify-settle-batch.ts`).
 */
export class NotifyJobsRepository {
  private readonly leases: JobLeases;

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    dialect: Dialect,
  ) {
    this.leases = new JobLeases(db, dialect);
  }

  /** Adds the job unless one with its idempotency key exists; true when it was added. */
  async enqueue(job: NewJob, now: Date): Promise<boolean> {
    return (await this.enqueueMany([job], now)) > 0;
  }

  /** Adds each job whose idempotency key is new, in a few statements; resolves to how many. */
  async enqueueMany(jobs: readonly NewJob[], now: Date): Promise<number> {
    let added = 0;
    for (let i = 0; i < jobs.length; i += 500) {
      const chunk = jobs.slice(i, i + 500);
      const devices = await this.devicesOf(chunk);
      const result = await this.db
        .insertInto('notify_jobs')
        .values(chunk.map((job) => this.row(job, now, devices)))
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .executeTakeFirst();
      added += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return added;
  }

  private row(job: NewJob, now: Date, devices: Map<number, Device>) {
    return {
      idempotency_key: job.idempotencyKey,
      channel: job.channel,
      kind: job.kind,
      topic: job.topic,
      user_id: job.userId,
      payload: JSON.stringify(job.payload),
      run_at: job.runAt.toISOString(),
      created_at: now.toISOString(),
      message_id: job.messageId ?? null,
      priority: (job.urgent ?? isUrgentTopic(job.topic)) ? URGENT : ROUTINE,
      destination: job.destination ?? this.destinationOf(job, devices),
    };
  }

  /** The devices the jobs without a destination push to, in one read. */
  private async devicesOf(jobs: readonly NewJob[]): Promise<Map<number, Device>> {
    const ids = [
      ...new Set(
        jobs.flatMap((job) =>
          job.destination === undefined && typeof job.payload.subscriptionId === 'number'
            ? [job.payload.subscriptionId]
            : [],
        ),
      ),
    ];
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'failures'])
      .where('id', 'in', ids)
      .execute();
    return new Map(
      rows.map((r) => [r.id, { endpoint: r.endpoint, failing: Number(r.failures) > 0 }]),
    );
  }

  /**
   * A device's job goes to its push service (beside it when the device has failed since its last
   * success: notify-lanes.ts); a person's job goes by its channel.
   */
  private destinationOf(job: NewJob, devices: Map<number, Device>): string {
    const id = job.payload.subscriptionId;
    if (typeof id !== 'number') return destinationOf(job.channel);
    const device = devices.get(id);
    return destinationOf(job.channel, device?.endpoint, device?.failing ?? false);
  }

  /**
   * Leases up to `limit` due jobs of one lane to a fresh claim of `worker` until `now + leaseMs`:
   * running ones whose lease has passed (their worker died; unless `want.expired` is false), then
   * pending ones whose time has come, oldest first, none for the excluded destinations and no more
   * for one destination than its `room`. Each claim counts as an attempt.
   */
  async claim(
    worker: string,
    now: Date,
    leaseMs: number,
    want: ClaimRequest,
  ): Promise<NotifyJob[]> {
    const at = now.toISOString();
    const lease = this.leases.fresh(worker, now, leaseMs);
    const priority = want.urgent ? URGENT : ROUTINE;
    const expired =
      want.expired === false // not looked for: no statement
        ? []
        : await this.leases.expired(lease, priority, at, want.limit, want.exclude);
    if (expired.length >= want.limit) return expired;
    const taken = new Map<string, number>();
    for (const d of expired.map(destinationOfJob)) taken.set(d, (taken.get(d) ?? 0) + 1);
    const limit = want.limit - expired.length;
    const room = (destination: string) =>
      Math.min(limit, (want.room?.(destination) ?? limit) - (taken.get(destination) ?? 0));
    const due = await this.leases.due(lease, priority, at, limit, want.exclude, room);
    return [...expired, ...due];
  }

  /**
   * The job is done: `sent` (its last error cleared), or `dropped` when it is no longer called for
   * (with the reason). False, and nothing recorded, when the lease is no longer the job's.
   */
  async finish(
    lease: Lease,
    state: 'sent' | 'dropped',
    now: Date,
    reason?: string,
  ): Promise<boolean> {
    return this.settle(lease, {
      state,
      finished_at: now.toISOString(),
      locked_by: null,
      locked_until: null,
      last_error: reason ?? null,
    });
  }

  /**
   * A failed attempt: recorded, and tried again at `retryAt`, or given up (`failed`) when null; `destination`, when
   * given, is where the retry is counted from now on (a push that timed out: notify-lanes.ts).
   */
  async fail(
    lease: Lease,
    error: string,
    now: Date,
    retryAt: Date | null,
    destination?: string,
  ): Promise<boolean> {
    return this.settle(lease, {
      ...(destination === undefined ? {} : { destination }),
      state: retryAt ? 'pending' : 'failed',
      last_error: error.slice(0, 1000),
      run_at: retryAt ? retryAt.toISOString() : undefined,
      finished_at: retryAt ? null : now.toISOString(),
      locked_by: null,
      locked_until: null,
    });
  }

  /**
   * The job waits until `runAt` (its recipient's quiet hours end then, or the worker gives it back
   * unsent): pending again, unleased, and this claim does not count as an attempt.
   */
  async hold(lease: Lease, runAt: Date): Promise<boolean> {
    return this.settle(lease, {
      state: 'pending',
      run_at: runAt.toISOString(),
      attempts: sql<number>`attempts - 1`,
      locked_by: null,
      locked_until: null,
    });
  }

  /** The fence, outcomes settling together in one transaction (`notify-settle-batch.ts`). */
  private readonly settlements = new Settlements(() => this.db);
  private readonly settle = (lease: Lease, set: Settlement) => this.settlements.add(lease, set);

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

  /**
   * When the oldest job that is due and still waits (pending, its time come) was due, per lane:
   * what the alerting rules watch (deploy/prometheus/alerts.yml). Null: nothing waits in that lane.
   */
  async oldestDue(now: Date): Promise<{ urgent: string | null; routine: string | null }> {
    const rows = await this.db
      .selectFrom('notify_jobs')
      .select(['priority', (eb) => eb.fn.min('run_at').as('due')])
      .where('state', '=', 'pending')
      .where('run_at', '<=', now.toISOString())
      .groupBy('priority')
      .execute();
    const of = (priority: number) => rows.find((r) => r.priority === priority)?.due ?? null;
    return { urgent: of(URGENT), routine: of(ROUTINE) };
  }

  /** Every job, oldest first (tests and the operations guide's checks). */
  async all(): Promise<NotifyJob[]> {
    return this.db.selectFrom('notify_jobs').selectAll().orderBy('id').execute();
  }
}

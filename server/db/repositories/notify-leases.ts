import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely, OperandValueExpressionOrList, SelectQueryBuilder } from 'kysely';
import type { Dialect } from '../dialect.js';
import type { DatabaseSchema } from '../schema.js';
import type { NotifyJob } from './notify-job.js';

/** A claim's lease (`locked_by`, `locked_until`). */
interface LeaseOf {
  by: string;
  until: string;
}
/** A query for the ids of the jobs a lease takes. */
type JobIds = OperandValueExpressionOrList<DatabaseSchema, 'notify_jobs', 'id'>;
type DueIds = SelectQueryBuilder<DatabaseSchema, 'notify_jobs', { id: number; run_at: string }>;

/**
 * How a claim (`NotifyJobsRepository.claim`) takes jobs of one lane (its `priority`) in the store:
 * the running jobs whose lease has passed, or the pending jobs that are due, each set written
 * `running` under the claim's lease in one statement. On PostgreSQL the selection skips rows another
 * process is claiming (`FOR UPDATE SKIP LOCKED`); SQLite runs one writer at a time, so its single
 * statement is the lock. Which lane, how many and for which destinations is the claim's.
 */
export class JobLeases {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: Dialect,
  ) {}

  /** A fresh lease of `worker` until `now + leaseMs`: the worker and a nonce of this claim. */
  fresh(worker: string, now: Date, leaseMs: number): LeaseOf {
    return {
      by: `${worker}/${randomUUID().slice(0, 8)}`,
      until: new Date(now.getTime() + leaseMs).toISOString(),
    };
  }

  /**
   * Leases up to `limit` running jobs of the lane whose lease passed before `at` (their worker
   * died), the longest passed first, none for the excluded destinations. Running jobs are few (the
   * workers' pools): `NOT IN` the full destinations reads only those.
   */
  async expired(
    lease: LeaseOf,
    priority: number,
    at: string,
    limit: number,
    exclude: readonly string[],
  ): Promise<NotifyJob[]> {
    return this.lease(
      lease,
      this.db
        .selectFrom('notify_jobs')
        .select('id')
        .where('state', '=', 'running')
        .where('priority', '=', priority)
        .where('locked_until', '<', at)
        .$if(exclude.length > 0, (qb) =>
          qb.where((eb) => eb(eb.fn.coalesce('destination', 'channel'), 'not in', exclude)),
        )
        .orderBy('locked_until')
        .limit(limit)
        .$if(this.dialect === 'postgres', (qb) => qb.forUpdate().skipLocked()),
    );
  }

  /**
   * Leases the pending jobs of the lane due by `at`, destination by destination: each open
   * destination's oldest, as many as its room, on the index `state, priority, destination, run_at,
   * id` (migration 025), then the oldest `limit` of those, in one statement. Leaving the full
   * destinations out of one query instead (`NOT IN`) read the lane's whole backlog whenever its
   * oldest jobs were theirs.
   */
  async due(
    lease: LeaseOf,
    priority: number,
    at: string,
    limit: number,
    exclude: readonly string[],
    room: (destination: string) => number,
  ): Promise<NotifyJob[]> {
    const due = (n: number) =>
      this.db
        .selectFrom('notify_jobs')
        .select(['id', 'run_at'])
        .where('state', '=', 'pending')
        .where('priority', '=', priority)
        .where('run_at', '<=', at)
        .orderBy('run_at')
        .orderBy('id')
        .limit(n)
        .$if(this.dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
    const arms: DueIds[] = [];
    for (const destination of await this.destinationsWithWork(priority)) {
      const n = exclude.includes(destination) ? 0 : room(destination);
      if (n > 0) arms.push(due(n).where('destination', '=', destination));
    }
    // A job written without a destination (by hand; 025 gave the older ones theirs) goes by its
    // channel, as the worker counts it.
    arms.push(
      due(limit)
        .where('destination', 'is', null)
        .$if(exclude.length > 0, (qb) => qb.where('channel', 'not in', exclude)),
    );
    const [first, ...rest] = arms.map((arm, i) =>
      this.db.selectFrom(arm.as(`d${i}`)).select(['id', 'run_at']),
    );
    const union = rest.reduce((all, arm) => all.unionAll(arm), first!);
    const jobs = await this.lease(
      lease,
      this.db.selectFrom(union.as('due')).select('id').orderBy('run_at').orderBy('id').limit(limit),
    );
    // Oldest first, as the worker starts them.
    return jobs.sort(
      (a, b) => Number(a.run_at > b.run_at) - Number(a.run_at < b.run_at) || a.id - b.id,
    );
  }

  /**
   * The destinations with pending jobs in the lane, due or not: one index seek each (a loose index
   * scan: each step asks for the least destination after the last), not a read of the backlog.
   */
  private async destinationsWithWork(priority: number): Promise<string[]> {
    const { rows } = await sql<{ destination: string | null }>`
      with recursive lane_destinations (destination) as (
        select min(destination) from notify_jobs where state = 'pending' and priority = ${priority}
        union all
        select (
          select min(j.destination) from notify_jobs j
          where j.state = 'pending' and j.priority = ${priority} and j.destination > d.destination
        )
        from lane_destinations d where d.destination is not null
      )
      select destination from lane_destinations where destination is not null`.execute(this.db);
    return rows.flatMap((row) => (row.destination === null ? [] : [row.destination]));
  }

  /** The jobs `ids` names, running under `lease` now; each lease counts as an attempt. */
  private async lease(lease: LeaseOf, ids: JobIds): Promise<NotifyJob[]> {
    return this.db
      .updateTable('notify_jobs')
      .set((eb) => ({
        state: 'running',
        locked_by: lease.by,
        locked_until: lease.until,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', ids)
      .returningAll()
      .execute();
  }
}

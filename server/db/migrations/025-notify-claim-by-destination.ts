import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The worker claims due work destination by destination (issue 40): with a destination at its cap
 * of sends in flight, a claim that left it out with `NOT IN` read every pending job of the lane to
 * find the few it could take (5.6 ms a claim at 60,000 pending jobs, on every settled send). The
 * claim now asks each open destination for its oldest due jobs on this index, reading only the rows
 * it takes. It leads with the same `state, priority` as 020's `notify_jobs_lane`, which serves
 * nothing more and is dropped (one index less to write on every claim and settle).
 *
 * Jobs written before 020 have no destination; their worker sends them by channel
 * (`destinationOfJob`), so the unfinished ones are given that destination here.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('notify_jobs_destination_lane')
    .on('notify_jobs')
    .columns(['state', 'priority', 'destination', 'run_at', 'id'])
    .execute();
  await db.schema.dropIndex('notify_jobs_lane').execute();
  const jobs = db as Kysely<{
    notify_jobs: { state: string; channel: string; destination: string | null };
  }>;
  await jobs
    .updateTable('notify_jobs')
    .set((eb) => ({ destination: eb.ref('channel') }))
    .where('destination', 'is', null)
    .where('state', 'in', ['pending', 'running'])
    .execute();
}

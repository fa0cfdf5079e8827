import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Delivery at campus scale (issue 40): a job's `priority` (1 for urgent work such as emergency
 * alerts, claimed before all routine work) and its `destination` (the push service's host:port, the
 * SMTP relay, the texting service) so a worker caps its sends in flight per destination. The claim
 * reads pending jobs by lane in run-at order, hence the index.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('notify_jobs')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('notify_jobs').addColumn('destination', 'text').execute();
  await db.schema
    .createIndex('notify_jobs_lane')
    .on('notify_jobs')
    .columns(['state', 'priority', 'run_at', 'id'])
    .execute();
}

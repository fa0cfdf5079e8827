import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * A job's kind as a column (`reminder`, `digest`, `message`, `coursework`, `alert`;
 * server/notify/senders.ts), written with the job, instead of the first part of its idempotency key:
 * the worker hands a job to its channel, then to the channel's sender of that kind. Existing rows
 * take theirs from the key (`sms:reminder:…` is a reminder by text). A job a previous release's
 * process writes during a rolling upgrade has none: the worker reads that one's kind from its key.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('notify_jobs').addColumn('kind', 'text').execute();
  await sql`
    UPDATE notify_jobs SET kind = CASE
      WHEN idempotency_key LIKE 'sms:reminder:%' THEN 'reminder'
      WHEN idempotency_key LIKE 'reminder:%' THEN 'reminder'
      WHEN idempotency_key LIKE 'digest:%' THEN 'digest'
      WHEN idempotency_key LIKE 'message:%' THEN 'message'
      WHEN idempotency_key LIKE 'coursework:%' THEN 'coursework'
      WHEN idempotency_key LIKE 'alert:%' THEN 'alert'
    END
    WHERE kind IS NULL
  `.execute(db);
}

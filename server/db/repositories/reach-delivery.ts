import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

/** Counts come back as numbers from SQLite and as text (bigint) from PostgreSQL. */
const n = (value: number | string | bigint | null) => Number(value ?? 0);

/**
 * How fast one message's or alert's jobs on one channel were handed over: how many there are, how
 * many were sent, when the first was created, and when the sent jobs reached the 50th, 95th and
 * 100th percent of those that can reach their recipient: every job but the ones that failed (given
 * up) or were dropped (a refused address, or no longer needed), which never will (null: not reached
 * yet). `key` is `message:<id>` or `alert:<id>:push:`.
 */
export interface DeliveryTimingRow {
  key: string;
  channel: string;
  jobs: number;
  sent: number;
  firstCreatedAt: string;
  /** One job's payload, for an alert (its title); null for a message. */
  payload: string | null;
  p50At: string | null;
  p95At: string | null;
  p100At: string | null;
}

/** How many of one message's or alert's jobs on a channel ended failed or dropped, for one reason. */
export interface DeliveryFailureRow {
  key: string;
  channel: string;
  state: string;
  reason: string;
  count: number;
}

/**
 * The jobs of messages (by `message_id`) and of emergency alerts (keys `alert:<id>:push:<device>`,
 * grouped by the key without its device: trailing digits trimmed, the same on both stores) created
 * at or after `since`.
 */
const deliveryJobs = (since: string) => sql`(
  select
    case when message_id is not null then 'message:' || cast(message_id as text)
      else rtrim(idempotency_key, '0123456789') end as grp,
    channel, state, created_at, finished_at, last_error, payload, message_id
  from notify_jobs
  where created_at >= ${since}
    and (message_id is not null or idempotency_key like 'alert:%:push:%')
)`;

/**
 * Per message or alert and channel, in one statement: the sent jobs ranked by when they were
 * finished, and the finish of the one at rank ⌈reachable × p / 100⌉ (integer arithmetic, on both
 * stores) for p = 50, 95, 100, where `reachable` leaves out the failed and dropped jobs: a refused
 * address would otherwise keep 95 % and 100 % blank for ever.
 */
export async function deliveryTimings(
  db: Kysely<DatabaseSchema>,
  since: string,
): Promise<DeliveryTimingRow[]> {
  const jobs = deliveryJobs(since);
  const { rows } = await sql<{
    grp: string;
    channel: string;
    total: number | string;
    sent: number | string;
    first_at: string;
    payload: string | null;
    p50: string | null;
    p95: string | null;
    p100: string | null;
  }>`
      with j as ${jobs},
      totals as (
        select grp, channel, count(*) as total, min(created_at) as first_at,
          min(case when message_id is null then payload end) as payload,
          count(*) - sum(case when state in ('failed', 'dropped') then 1 else 0 end) as reachable
        from j group by grp, channel
      ),
      ranked as (
        select grp, channel, finished_at,
          row_number() over (partition by grp, channel order by finished_at) as rn
        from j where state = 'sent' and finished_at is not null
      )
      select t.grp, t.channel, t.total, t.first_at, t.payload, count(r.rn) as sent,
        max(case when r.rn = (t.reachable * 50 + 99) / 100 then r.finished_at end) as p50,
        max(case when r.rn = (t.reachable * 95 + 99) / 100 then r.finished_at end) as p95,
        max(case when r.rn = t.reachable then r.finished_at end) as p100
      from totals t left join ranked r on r.grp = t.grp and r.channel = t.channel
      group by t.grp, t.channel, t.total, t.first_at, t.payload, t.reachable
    `.execute(db);
  return rows.map((row) => ({
    key: row.grp,
    channel: row.channel,
    jobs: n(row.total),
    sent: n(row.sent),
    firstCreatedAt: row.first_at,
    payload: row.payload,
    p50At: row.p50,
    p95At: row.p95,
    p100At: row.p100,
  }));
}

/** Per message or alert and channel: the failed and dropped jobs, counted by their reason. */
export async function deliveryFailures(
  db: Kysely<DatabaseSchema>,
  since: string,
): Promise<DeliveryFailureRow[]> {
  const { rows } = await sql<{
    grp: string;
    channel: string;
    state: string;
    reason: string;
    n: number | string;
  }>`
      with j as ${deliveryJobs(since)}
      select grp, channel, state, coalesce(last_error, '') as reason, count(*) as n
      from j where state in ('failed', 'dropped')
      group by grp, channel, state, coalesce(last_error, '')
    `.execute(db);
  return rows.map((row) => ({
    key: row.grp,
    channel: row.channel,
    state: row.state,
    reason: row.reason,
    count: n(row.n),
  }));
}

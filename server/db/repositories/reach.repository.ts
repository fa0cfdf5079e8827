import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { deliveryFailures, deliveryTimings } from './reach-delivery.js';
import type { DeliveryFailureRow, DeliveryTimingRow } from './reach-delivery.js';

export type { DeliveryFailureRow, DeliveryTimingRow } from './reach-delivery.js';

/** A portal message written in the window, with how many people marked it read. */
export interface MessageReadRow {
  id: number;
  title: string;
  audience: string;
  username: string | null;
  role: string | null;
  createdOn: string;
  reads: number;
}

/** How many notification jobs with one payload went out on a channel in a state. */
export interface JobCountRow {
  payload: string;
  channel: string;
  state: string;
  /** Why a job that did not go failed or was dropped (`last_error`); absent: none recorded. */
  reason?: string | null;
  count: number;
}

/** How many people hold one combination of roles (`otherRoles` as stored: JSON array text). */
export interface RoleGroupRow {
  primaryRole: string;
  otherRoles: string;
  count: number;
}

/** One task's records as they stood at the end of one week (cumulative, not per week). */
export interface TaskWeekRow {
  taskId: number;
  title: string;
  endsOn: string | null;
  /** The student type counted (null: every student, or a student without a type when by type). */
  studentTypeId: number | null;
  studentType: string | null;
  weekEnd: string;
  assigned: number;
  done: number;
  dismissed: number;
  overdue: number;
}

/** Counts come back as numbers from SQLite and as text (bigint) from PostgreSQL. */
const n = (value: number | string | bigint | null) => Number(value ?? 0);

/**
 * The reach dashboard's numbers (issue 29), each aggregated by the store in one statement on SQLite
 * and PostgreSQL alike: no query per message, task or person. What counts as a recipient, and what
 * a job's payload names, is decided above (server/notify/reach.ts); this file only counts.
 */
export class ReachRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Messages created at or after `since` (demo mode's aside), newest first, with their reads. */
  async messagesSince(since: string, limit: number): Promise<MessageReadRow[]> {
    const reads = this.db
      .selectFrom('message_reads')
      .select((eb) => ['message_id', eb.fn.countAll<number | string>().as('reads')])
      .groupBy('message_id')
      .as('r');
    const rows = await this.db
      .selectFrom('messages as m')
      .leftJoin(reads, 'r.message_id', 'm.id')
      .select(['m.id', 'm.title', 'm.audience', 'm.username', 'm.role', 'm.created_on', 'r.reads'])
      .where('m.created_on', '>=', since)
      .where('m.audience', '!=', 'demo')
      .orderBy('m.created_on', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      audience: row.audience,
      username: row.username,
      role: row.role,
      createdOn: row.created_on,
      reads: n(row.reads),
    }));
  }

  /**
   * Jobs created at or after `since` whose payload mentions a `messageId`, counted by payload,
   * channel and state (the payload is read, defensively, above).
   */
  async messageJobCounts(since: string): Promise<JobCountRow[]> {
    const rows = await this.db
      .selectFrom('notify_jobs')
      .select((eb) => [
        'payload',
        'channel',
        'state',
        'last_error',
        eb.fn.countAll<number | string>().as('n'),
      ])
      .where('created_at', '>=', since)
      .where('payload', 'like', '%"messageId"%')
      .groupBy(['payload', 'channel', 'state', 'last_error'])
      .execute();
    return rows.map((row) => ({
      payload: row.payload,
      channel: row.channel,
      state: row.state,
      reason: row.last_error,
      count: n(row.n),
    }));
  }

  /** Delivery speed per message or alert and channel (reach-delivery.ts), in one statement. */
  deliveryTimings(since: string): Promise<DeliveryTimingRow[]> {
    return deliveryTimings(this.db, since);
  }

  /** Failed and dropped jobs per message or alert, channel and reason, in one statement. */
  deliveryFailures(since: string): Promise<DeliveryFailureRow[]> {
    return deliveryFailures(this.db, since);
  }

  /** Everyone in the store, counted by the roles they hold. */
  async roleGroups(): Promise<RoleGroupRow[]> {
    const rows = await this.db
      .selectFrom('users')
      .select((eb) => ['primary_role', 'other_roles', eb.fn.countAll<number | string>().as('n')])
      .groupBy(['primary_role', 'other_roles'])
      .execute();
    return rows.map((row) => ({
      primaryRole: row.primary_role,
      otherRoles: row.other_roles,
      count: n(row.n),
    }));
  }

  /** Which of these usernames belong to someone in the store. */
  async existingUsernames(usernames: readonly string[]): Promise<Set<string>> {
    if (usernames.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('users')
      .select('username')
      .where('username', 'in', [...new Set(usernames)])
      .execute();
    return new Set(rows.map((row) => row.username));
  }

  /** The student types, by name. */
  async studentTypes(): Promise<Array<{ id: number; name: string }>> {
    return this.db.selectFrom('ns_student_types').select(['id', 'name']).orderBy('name').execute();
  }

  /**
   * Every published task's records as they stood at each of `weekEnds` (ISO instants): assigned (a
   * record exists), done by then, dismissed by then (and not done), overdue then (a deadline passed,
   * neither done nor dismissed). `by`: every student together, the students of one type, or one row
   * per student type (a student of two types counts in both; one of none under a null type).
   */
  async taskWeeks(
    weekEnds: readonly string[],
    by: { studentTypeId: number } | 'all' | 'type',
  ): Promise<TaskWeekRow[]> {
    if (weekEnds.length === 0) return [];
    // The week ends as a table of one text column: `SELECT … UNION ALL SELECT …` reads the same on
    // both stores (SQLite has no column list for a VALUES alias).
    const weeks = sql<{ week_end: string }>`(${sql.join(
      weekEnds.map((end) => sql`select cast(${end} as text) as week_end`),
      sql` union all `,
    )})`.as('w');
    const notDone = sql<boolean>`(ut.completed_on is null or ut.completed_on > w.week_end)`;
    const notDismissed = sql<boolean>`(ut.does_not_apply_on is null or ut.does_not_apply_on > w.week_end)`;
    const sum = (condition: RawBuilder<boolean>) =>
      sql<number | string>`sum(case when ${condition} then 1 else 0 end)`;

    let query = this.db
      .selectFrom('ns_user_tasks as ut')
      .innerJoin('ns_tasks as t', 't.id', 'ut.task_id')
      .innerJoin(weeks, (join) => join.onTrue())
      .where('t.published', '=', 1)
      .select((eb) => [
        't.id as taskId',
        't.title as title',
        't.ends_on as endsOn',
        'w.week_end as weekEnd',
        eb.fn.countAll<number | string>().as('assigned'),
        sum(sql<boolean>`ut.completed_on <= w.week_end`).as('done'),
        sum(sql<boolean>`${notDone} and ut.does_not_apply_on <= w.week_end`).as('dismissed'),
        sum(
          sql<boolean>`t.has_deadline = 1 and t.ends_on <= w.week_end and ${notDone} and ${notDismissed}`,
        ).as('overdue'),
      ])
      .groupBy(['t.id', 't.title', 't.ends_on', 'w.week_end']);

    if (by === 'all') {
      const rows = await query.execute();
      return rows.map((row) => ({ ...counts(row), studentTypeId: null, studentType: null }));
    }
    if (typeof by === 'object') {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('ns_user_student_types as ust')
            .select('ust.user_id')
            .whereRef('ust.user_id', '=', 'ut.user_id')
            .where('ust.student_type_id', '=', by.studentTypeId),
        ),
      );
      const rows = await query.execute();
      return rows.map((row) => ({
        ...counts(row),
        studentTypeId: by.studentTypeId,
        studentType: null,
      }));
    }
    const rows = await query
      .leftJoin('ns_user_student_types as ust', 'ust.user_id', 'ut.user_id')
      .leftJoin('ns_student_types as st', 'st.id', 'ust.student_type_id')
      .select(['st.id as studentTypeId', 'st.name as studentType'])
      .groupBy(['st.id', 'st.name'])
      .execute();
    return rows.map((row) => ({
      ...counts(row),
      studentTypeId: row.studentTypeId,
      studentType: row.studentType,
    }));
  }
}

function counts(row: {
  taskId: number;
  title: string;
  endsOn: string | null;
  weekEnd: string;
  assigned: number | string;
  done: number | string;
  dismissed: number | string;
  overdue: number | string;
}) {
  return {
    taskId: row.taskId,
    title: row.title,
    endsOn: row.endsOn,
    weekEnd: row.weekEnd,
    assigned: n(row.assigned),
    done: n(row.done),
    dismissed: n(row.dismissed),
    overdue: n(row.overdue),
  };
}

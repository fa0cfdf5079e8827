import { sql } from 'kysely';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { UserTaskPatch } from '../../../contract/next-steps/task.schema.js';
import type { NsTasksTable, NsUserTasksTable } from '../next-steps.schema.js';
import type { DatabaseSchema } from '../schema.js';
import type { ListView } from '../../next-steps/task-visibility.js';
import { dateOnlyEnd } from '../date-only-end.js';
import { taskAimedAt, taskInList } from './task-visibility.sql.js';

export interface TaskQuery {
  published: boolean;
  taskId?: number | undefined;
  /** At most this many, the first in the list's order (next-steps/rules.ts `compareTasks`). */
  limit?: number | undefined;
}

/** A user's own record of a task, beside the task: next-steps/tasks.ts makes the UserTask of it. */
export interface TaskRecord {
  record: Selectable<NsUserTasksTable>;
  task: Selectable<NsTasksTable>;
  /**
   * A publisher's task (issue 60), or the staff's own (`staff`) to a reader who did not choose
   * English (issue 59): its translations and the reader's chosen language.
   */
  inbound?: { translations: string | null; readerLanguage: string | null; staff?: true };
}

type HeldRow = Selectable<NsTasksTable> & {
  record_id: number;
  record_user_id: number;
  record_starred: number;
  record_completed_on: string | null;
  record_does_not_apply_on: string | null;
  record_do_now_on: string | null;
  record_completed_by: string | null;
  record_completed_because: string | null;
  record_item_translations: string | null;
  record_reader_language: string | null;
};

/** A joined row of `inList`, split into the record and its task. */
function toRecord(row: HeldRow): TaskRecord {
  const {
    record_id: id,
    record_user_id: user_id,
    record_starred: starred,
    record_completed_on: completed_on,
    record_does_not_apply_on: does_not_apply_on,
    record_do_now_on: do_now_on,
    record_completed_by: completed_by,
    record_completed_because: completed_because,
    record_item_translations: translations,
    record_reader_language: language,
    ...task
  } = row;
  return {
    record: {
      id,
      user_id,
      task_id: task.id,
      starred,
      completed_on,
      does_not_apply_on,
      do_now_on,
      completed_by,
      completed_because,
    },
    task,
    // A publisher's task (issue 60) for everyone, the staff's own for a reader who chose Spanish or
    // never chose (their browser's language decides, issue 59).
    ...(task.inbound_item_id !== null
      ? { inbound: { translations, readerLanguage: language } }
      : language !== 'en'
        ? { inbound: { translations: task.translations, readerLanguage: language, staff: true } }
        : {}),
  };
}

const toIso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * next-steps.md §3–4: the tasks assigned to a user's student types and the user's own record of each,
 * as rows. Who gets student tasks at all, how a record reads and the list's order are rules of
 * next-steps/tasks.ts, which calls this.
 */
export class NextStepsTasksRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * The tasks aimed at a user (task-visibility.ts part 2), published or not as asked, whether or not
   * the user has a record of them yet; a task published for later too, so its record is there when
   * its time comes.
   */
  private async aimedTasks(userId: number, published: boolean) {
    return this.db
      .selectFrom('ns_tasks')
      .selectAll()
      .where('published', '=', published ? 1 : 0)
      .where(taskAimedAt(sql.ref('ns_tasks.id'), sql`${userId}`))
      .execute();
  }

  /**
   * Gives the user a record of every task aimed at them that has none yet (published ones; drafts
   * too for staff). Runs at sign-in, so that reading the list never writes.
   */
  async prepare(userId: number, withDrafts: boolean): Promise<void> {
    const records = await this.recordsFor(userId);
    const tasks = [
      ...(await this.aimedTasks(userId, true)),
      ...(withDrafts ? await this.aimedTasks(userId, false) : []),
    ];
    const missing = tasks.filter((t) => !records.has(t.id));
    for (let i = 0; i < missing.length; i += 500) {
      await this.db
        .insertInto('ns_user_tasks')
        .values(
          missing.slice(i, i + 500).map((t) => ({ user_id: userId, task_id: t.id, starred: 0 })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'task_id']).doNothing())
        .execute();
    }
  }

  /** The user's records whose task their list holds (task-visibility.ts, `taskInList`). */
  private inList(userId: number, view: ListView) {
    return this.db
      .selectFrom('ns_user_tasks as ut')
      .innerJoin('ns_tasks as t', 't.id', 'ut.task_id')
      .leftJoin('inbound_items as ii', 'ii.id', 't.inbound_item_id')
      .leftJoin('preferences as pr', 'pr.user_id', 'ut.user_id')
      .selectAll('t')
      .select([
        'ut.id as record_id',
        'ut.user_id as record_user_id',
        'ut.starred as record_starred',
        'ut.completed_on as record_completed_on',
        'ut.does_not_apply_on as record_does_not_apply_on',
        'ut.do_now_on as record_do_now_on',
        'ut.completed_by as record_completed_by',
        'ut.completed_because as record_completed_because',
        'ii.translations as record_item_translations',
        'pr.language as record_reader_language',
      ])
      .where('ut.user_id', '=', userId)
      .where(taskInList({ userTask: 'ut', task: 't' }, view));
  }

  /** Every task the user's Next Steps list holds, with their record of it. Never writes. */
  async list(userId: number, query: TaskQuery, now: Date): Promise<TaskRecord[]> {
    let select = this.inList(userId, { published: query.published, at: now });
    if (query.taskId !== undefined) select = select.where('t.id', '=', query.taskId);
    if (query.limit !== undefined) {
      // compareTasks' order in the store: by date (undated last), checklist rank, id.
      const date = sql<
        string | null
      >`coalesce(case when t.sort_by = 'START' then t.starts_on else t.ends_on end, t.starts_on, t.ends_on)`;
      select = select
        .orderBy(sql`case when ${date} is null then 1 else 0 end`)
        .orderBy(date)
        .orderBy(sql`coalesce(t.checklist_rank, 2147483647)`)
        .orderBy('t.id')
        .limit(query.limit);
    }
    return (await select.execute()).map(toRecord);
  }

  private async recordsFor(userId: number) {
    const rows = await this.db
      .selectFrom('ns_user_tasks')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    return new Map<number, Selectable<NsUserTasksTable>>(rows.map((r) => [r.task_id, r]));
  }

  /** Changes one field of the user's own record `id`; undefined when it is not theirs or not assigned. */
  async patch(
    userId: number,
    id: number,
    change: UserTaskPatch,
    now: Date,
  ): Promise<TaskRecord | undefined> {
    const held = await this.inList(userId, { published: true, at: now })
      .where('ut.id', '=', id)
      .executeTakeFirst();
    if (!held) return undefined;
    const assigned = toRecord(held).task;
    const set: Updateable<NsUserTasksTable> = {};
    // A completion the publisher's system of record made (issue 60) stays: the student cannot undo it.
    if (change.completed_on !== undefined && held.record_completed_by === null)
      set.completed_on = toIso(change.completed_on);
    if (change.does_not_apply_on !== undefined)
      set.does_not_apply_on = toIso(change.does_not_apply_on);
    if (change.do_now_on !== undefined) set.do_now_on = toIso(change.do_now_on);
    if (change.starred !== undefined) set.starred = Number(change.starred);
    if (Object.keys(set).length > 0)
      await this.db.updateTable('ns_user_tasks').set(set).where('id', '=', id).execute();
    const row = await this.db
      .selectFrom('ns_user_tasks')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const { inbound } = toRecord(held);
    return { record: row, task: assigned, ...(inbound ? { inbound } : {}) };
  }

  /** Adds a task for the given student types (sample data, the admin, the benchmark). */
  async insertTask(
    task: Omit<
      Selectable<NsTasksTable>,
      | 'id'
      | 'version'
      | 'publishes_on'
      | 'reminder_offsets'
      | 'ends_on_day'
      | 'inbound_item_id'
      | 'translations'
    > & {
      reminder_offsets?: string;
      /** Issue 59: the Spanish version (contract/translations.rules.ts); none when absent. */
      translations?: string;
      /** A date-only end's day (db/date-only-end.ts); absent: `ends_on` is a timed end. */
      ends_on_day?: string | null;
    },
    studentTypeIds: number[],
  ): Promise<number> {
    const { id } = await this.db
      .insertInto('ns_tasks')
      .values(task)
      .returning('id')
      .executeTakeFirstOrThrow();
    if (studentTypeIds.length > 0) {
      await this.db
        .insertInto('ns_task_student_types')
        .values(studentTypeIds.map((s) => ({ task_id: id, student_type_id: s })))
        .execute();
    }
    return id;
  }

  /**
   * Puts every date-only end at the end of its day on the campus clock `zone` (db/date-only-end.ts):
   * at start, for ends marked by migration 021 and after the campus zone changed. Resolves to the
   * number of tasks it moved.
   */
  async alignDateOnlyEnds(zone: string): Promise<number> {
    const rows = await this.db
      .selectFrom('ns_tasks')
      .select(['id', 'ends_on', 'ends_on_day'])
      .where('ends_on_day', 'is not', null)
      .execute();
    let moved = 0;
    for (const row of rows) {
      const end = dateOnlyEnd(row.ends_on_day, zone);
      if (end.ends_on === row.ends_on) continue;
      await this.db.updateTable('ns_tasks').set(end).where('id', '=', row.id).execute();
      moved += 1;
    }
    return moved;
  }

  async countTasks(): Promise<number> {
    const { n } = await this.db
      .selectFrom('ns_tasks')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }
}

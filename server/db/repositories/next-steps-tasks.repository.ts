import type { Kysely, Selectable, Updateable } from 'kysely';
import { ALL_STUDENTS } from '../../../contract/next-steps/choices.schema.js';
import type { UserTaskPatch } from '../../../contract/next-steps/task.schema.js';
import type { NsTasksTable, NsUserTasksTable } from '../next-steps.schema.js';
import type { DatabaseSchema } from '../schema.js';

export interface TaskQuery {
  published: boolean;
  taskId?: number | undefined;
  /** Given: a task published for a later time stays hidden until then. */
  now?: Date | undefined;
}

/** A user's own record of a task, beside the task: next-steps/tasks.ts makes the UserTask of it. */
export interface TaskRecord {
  record: Selectable<NsUserTasksTable>;
  task: Selectable<NsTasksTable>;
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
   * The tasks assigned to a user: published (or not, as asked) and targeting one of the user's
   * student types or "All Students".
   */
  private async assignedTasks(userId: number, query: TaskQuery) {
    let select = this.db
      .selectFrom('ns_tasks')
      .selectAll()
      .where('published', '=', query.published ? 1 : 0)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('ns_task_student_types as tst')
            .innerJoin('ns_student_types as st', 'st.id', 'tst.student_type_id')
            .select('tst.task_id')
            .whereRef('tst.task_id', '=', 'ns_tasks.id')
            .where((inner) =>
              inner.or([
                inner('st.name', '=', ALL_STUDENTS),
                inner(
                  'tst.student_type_id',
                  'in',
                  inner
                    .selectFrom('ns_user_student_types')
                    .select('student_type_id')
                    .where('user_id', '=', userId),
                ),
              ]),
            ),
        ),
      );
    if (query.taskId !== undefined) select = select.where('id', '=', query.taskId);
    const { now } = query;
    if (now !== undefined) {
      select = select.where((eb) =>
        eb.or([eb('publishes_on', 'is', null), eb('publishes_on', '<=', now.toISOString())]),
      );
    }
    return select.execute();
  }

  /**
   * Gives the user a record of every task assigned to them that has none yet (published ones; drafts
   * too for staff). Runs at sign-in, so that reading the list never writes.
   */
  async prepare(userId: number, withDrafts: boolean): Promise<void> {
    const records = await this.recordsFor(userId);
    const tasks = [
      ...(await this.assignedTasks(userId, { published: true })),
      ...(withDrafts ? await this.assignedTasks(userId, { published: false }) : []),
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

  /** Every assigned task the user has a record of (made at sign-in), with it. Never writes. */
  async list(userId: number, query: TaskQuery, now: Date): Promise<TaskRecord[]> {
    const tasks = await this.assignedTasks(userId, { ...query, now });
    if (tasks.length === 0) return [];
    const records = await this.recordsFor(userId);
    return tasks.flatMap((task) => {
      const record = records.get(task.id);
      return record ? [{ record, task }] : [];
    });
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
    const record = await this.db
      .selectFrom('ns_user_tasks')
      .select('task_id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!record) return undefined;
    const [assigned] = await this.assignedTasks(userId, {
      published: true,
      taskId: record.task_id,
      now,
    });
    if (!assigned) return undefined;
    const set: Updateable<NsUserTasksTable> = {};
    if (change.completed_on !== undefined) set.completed_on = toIso(change.completed_on);
    if (change.does_not_apply_on !== undefined)
      set.does_not_apply_on = toIso(change.does_not_apply_on);
    if (change.do_now_on !== undefined) set.do_now_on = toIso(change.do_now_on);
    if (change.starred !== undefined) set.starred = Number(change.starred);
    await this.db.updateTable('ns_user_tasks').set(set).where('id', '=', id).execute();
    const row = await this.db
      .selectFrom('ns_user_tasks')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { record: row, task: assigned };
  }

  /** Adds a task for the given student types (sample data, the admin, the benchmark). */
  async insertTask(
    task: Omit<Selectable<NsTasksTable>, 'id' | 'version' | 'publishes_on' | 'reminder_offsets'> & {
      reminder_offsets?: string;
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

  async countTasks(): Promise<number> {
    const { n } = await this.db
      .selectFrom('ns_tasks')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }
}

import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type {
  AdminTask,
  AdminTaskInput,
  AdminTaskQuery,
} from '../../../contract/admin/tasks.schema.js';
import { storedTranslations, translationFields } from '../../../contract/translations.schema.js';
import type { NsTasksTable } from '../next-steps.schema.js';
import type { DatabaseSchema } from '../schema.js';
import { pastCursor } from './keyset.js';
import { dateOnlyEnd } from '../date-only-end.js';
import { personHasList, taskAimedAt } from './task-visibility.sql.js';

/**
 * The end date is a date-only deadline: the end of that campus day (db/date-only-end.ts). The
 * start and action dates are kept as the sample data keeps them: 23:59 UTC of the day.
 */
const toStored = (day: string | null) => (day === null ? null : `${day}T23:59:00.000Z`);
const toDay = (stored: string | null) => (stored === null ? null : stored.slice(0, 10));

const offsetsSchema = z.array(z.number().int().min(0));
/** A task's stored reminder offsets (JSON list text); anything unreadable is the campus default. */
export function storedOffsets(text: string): number[] {
  try {
    const parsed = offsetsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export type SaveResult = { ok: true; task: AdminTask } | { ok: false; reason: 'missing' | 'stale' };

function columns(input: AdminTaskInput, zone: string) {
  return {
    title: input.title,
    description: input.description,
    category_id: input.category_id,
    starts_on: toStored(input.starts_on),
    ...dateOnlyEnd(input.ends_on, zone),
    has_deadline: Number(input.has_deadline),
    is_important: Number(input.is_important),
    important_reason: input.important_reason,
    new_student_checklist: Number(input.new_student_checklist),
    checklist_rank: input.new_student_checklist ? input.checklist_rank : null,
    action_date: toStored(input.action_date),
    periodicity: input.periodicity,
    sort_by: input.sort_by,
    modality: input.modality,
    published: Number(input.published),
    publishes_on: input.publishes_on,
    // Latest first, as they go out; empty keeps the campus default.
    reminder_offsets: JSON.stringify([...input.reminder_offsets].sort((a, b) => b - a)),
    translations: storedTranslations(input),
  };
}

/** The stored Spanish as the task's admin fields. */
function spanishOf(text: string) {
  const { title_es, body_es } = translationFields(text);
  return { title_es, body_es };
}

function toTask(row: Selectable<NsTasksTable>, studentTypeIds: number[]): AdminTask {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    description: row.description,
    ...spanishOf(row.translations),
    category_id: row.category_id,
    starts_on: toDay(row.starts_on),
    ends_on: row.ends_on_day ?? toDay(row.ends_on),
    has_deadline: row.has_deadline === 1,
    is_important: row.is_important === 1,
    important_reason: row.important_reason,
    new_student_checklist: row.new_student_checklist === 1,
    checklist_rank: row.checklist_rank,
    action_date: toDay(row.action_date),
    periodicity: row.periodicity,
    sort_by: row.sort_by === 'END' ? 'END' : 'START',
    modality: row.modality === 'IN_PERSON' || row.modality === 'HYBRID' ? row.modality : 'ONLINE',
    published: row.published === 1,
    publishes_on: row.publishes_on === null ? null : new Date(row.publishes_on).toISOString(),
    student_type_ids: studentTypeIds,
    reminder_offsets: storedOffsets(row.reminder_offsets),
  };
}

/** next-steps.md §3 tasks as staff manage them: search, read, create, edit (versioned), delete. */
export class AdminTasksRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** By title, `limit` of them, past the task `after` (a keyset cursor) when given. */
  async search(
    query: AdminTaskQuery,
    now: Date,
    limit = 200,
    after?: number,
  ): Promise<AdminTask[]> {
    let select = this.db.selectFrom('ns_tasks').selectAll();
    if (after !== undefined)
      select = select.where(pastCursor('ns_tasks', 'ns_tasks', ['title', 'id'], after, 'asc'));
    if (query.q) {
      const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      select = select.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['title']), 'like', like),
          eb(eb.fn('lower', ['description']), 'like', like),
        ]),
      );
    }
    if (query.category) select = select.where('category_id', '=', query.category);
    const at = now.toISOString();
    if (query.state === 'draft') select = select.where('published', '=', 0);
    if (query.state === 'published')
      select = select
        .where('published', '=', 1)
        .where((eb) => eb.or([eb('publishes_on', 'is', null), eb('publishes_on', '<=', at)]));
    if (query.state === 'scheduled')
      select = select.where('published', '=', 1).where('publishes_on', '>', at);
    const rows = await select.orderBy('title').orderBy('id').limit(limit).execute();
    const targets = await this.targetsOf(rows.map((r) => r.id));
    return rows.map((row) => toTask(row, targets.get(row.id) ?? []));
  }

  async find(id: number): Promise<AdminTask | undefined> {
    const row = await this.db
      .selectFrom('ns_tasks')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return toTask(row, (await this.targetsOf([id])).get(id) ?? []);
  }

  /** Creates a task; `zone` is the campus's, the clock of its date-only end. */
  async create(input: AdminTaskInput, zone: string): Promise<AdminTask> {
    const { id } = await this.db
      .insertInto('ns_tasks')
      .values({ ...columns(input, zone), version: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.setTargets(id, input.student_type_ids);
    const task = await this.find(id);
    if (!task) throw new Error(`Task ${id} vanished after its creation`);
    return task;
  }

  /** Saves only when the task is still at `version`: a stale edit is refused, never merged. */
  async update(
    id: number,
    input: AdminTaskInput,
    version: number,
    zone: string,
  ): Promise<SaveResult> {
    const result = await this.db
      .updateTable('ns_tasks')
      .set({ ...columns(input, zone), version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return this.refusal(id);
    await this.db.deleteFrom('ns_task_student_types').where('task_id', '=', id).execute();
    await this.setTargets(id, input.student_type_ids);
    const task = await this.find(id);
    return task ? { ok: true, task } : { ok: false, reason: 'missing' };
  }

  async remove(id: number, version: number): Promise<SaveResult> {
    const task = await this.find(id);
    if (!task) return { ok: false, reason: 'missing' };
    if (task.version !== version) return { ok: false, reason: 'stale' };
    const result = await this.db
      .deleteFrom('ns_tasks')
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return this.refusal(id);
    return { ok: true, task };
  }

  private async refusal(id: number): Promise<SaveResult> {
    const exists = await this.db
      .selectFrom('ns_tasks')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return { ok: false, reason: exists ? 'stale' : 'missing' };
  }

  /**
   * Targets the task and gives every person it now reaches their record of it, so the change shows on
   * their next load without waiting for their next sign-in. "Reaches" is the list's rule
   * (next-steps/task-visibility.ts): people with a Next Steps list (students, never an employee or a
   * provisional account) whose current student types it targets, or every such person for "All
   * Students".
   */
  private async setTargets(taskId: number, studentTypeIds: number[]) {
    await this.db
      .insertInto('ns_task_student_types')
      .values([...new Set(studentTypeIds)].map((s) => ({ task_id: taskId, student_type_id: s })))
      .execute();
    const reached = this.db
      .selectFrom('users')
      .select([
        'id',
        sql<number>`cast(${taskId} as integer)`.as('task_id'),
        sql<number>`0`.as('starred'),
      ])
      // SQLite reads `ON CONFLICT` after an `INSERT … SELECT` only when the SELECT has a WHERE.
      .where(personHasList(sql.ref('users.id')))
      .where(taskAimedAt(sql`cast(${taskId} as integer)`, sql.ref('users.id')));
    await this.db
      .insertInto('ns_user_tasks')
      .columns(['user_id', 'task_id', 'starred'])
      .expression(reached)
      .onConflict((oc) => oc.columns(['user_id', 'task_id']).doNothing())
      .execute();
  }

  private async targetsOf(taskIds: number[]) {
    const targets = new Map<number, number[]>();
    if (taskIds.length === 0) return targets;
    const rows = await this.db
      .selectFrom('ns_task_student_types')
      .selectAll()
      .where('task_id', 'in', taskIds)
      .orderBy('student_type_id')
      .execute();
    for (const row of rows)
      targets.set(row.task_id, [...(targets.get(row.task_id) ?? []), row.student_type_id]);
    return targets;
  }
}

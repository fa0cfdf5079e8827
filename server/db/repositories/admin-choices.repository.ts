import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

/** The three lists a task's choices come from (next-steps.md §3). */
export type ChoiceKind = 'category' | 'student-type' | 'notification-type';
const TABLE = {
  category: 'ns_categories',
  'student-type': 'ns_student_types',
  'notification-type': 'ns_notification_types',
} as const;

export interface Choice {
  id: number;
  name: string;
  slug?: string;
  /** How many tasks (categories, student types) or people (notification types) use it. */
  uses: number;
}

export type ChoiceResult<T> =
  { ok: true; value: T } | { ok: false; reason: 'missing' | 'taken' | 'in-use' | 'stale' };

/** A choice's name (and a category's slug) as someone last saw them. */
export interface ChoiceSeen {
  name: string;
  slug?: string;
}

/** Categories, student types and notification types as staff manage them. */
export class AdminChoicesRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async list(kind: ChoiceKind): Promise<Choice[]> {
    if (kind === 'category') {
      const rows = await this.db
        .selectFrom('ns_categories as c')
        .select((eb) => [
          'c.id',
          'c.name',
          'c.slug',
          eb
            .selectFrom('ns_tasks')
            .select(eb.fn.countAll<number | string>().as('n'))
            .whereRef('ns_tasks.category_id', '=', 'c.id')
            .as('uses'),
        ])
        .orderBy('c.name')
        .execute();
      return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, uses: Number(r.uses ?? 0) }));
    }
    const rows =
      kind === 'student-type'
        ? await this.db
            .selectFrom('ns_student_types as t')
            .select((eb) => [
              't.id',
              't.name',
              eb
                .selectFrom('ns_task_student_types as x')
                .select(eb.fn.countAll<number | string>().as('n'))
                .whereRef('x.student_type_id', '=', 't.id')
                .as('uses'),
            ])
            .orderBy('t.name')
            .execute()
        : await this.db
            .selectFrom('ns_notification_types as t')
            .select((eb) => ['t.id', 't.name', eb.val(0).as('uses')])
            .orderBy('t.name')
            .execute();
    return rows.map((r) => ({ id: r.id, name: r.name, uses: Number(r.uses ?? 0) }));
  }

  async find(kind: ChoiceKind, id: number): Promise<Choice | undefined> {
    return (await this.list(kind)).find((c) => c.id === id);
  }

  /** Adds one; a name (or slug) already used answers `taken`. */
  async create(
    kind: ChoiceKind,
    value: { name: string; slug?: string },
  ): Promise<ChoiceResult<Choice>> {
    if (await this.isTaken(kind, value)) return { ok: false, reason: 'taken' };
    const { id } =
      kind === 'category'
        ? await this.db
            .insertInto('ns_categories')
            .values({ name: value.name, slug: value.slug ?? '' })
            .returning('id')
            .executeTakeFirstOrThrow()
        : await this.db
            .insertInto(TABLE[kind])
            .values({ name: value.name })
            .returning('id')
            .executeTakeFirstOrThrow();
    return { ok: true, value: { id, ...value, uses: 0 } };
  }

  /**
   * Renames one, only if its name (and slug) are still what the editor saw: otherwise someone renamed
   * it since, and the answer is `stale` with nothing changed.
   */
  async rename(
    kind: ChoiceKind,
    id: number,
    value: { name: string; slug?: string },
    seen: ChoiceSeen,
  ): Promise<ChoiceResult<Choice>> {
    const before = await this.find(kind, id);
    if (!before) return { ok: false, reason: 'missing' };
    if (await this.isTaken(kind, value, id)) return { ok: false, reason: 'taken' };
    const result =
      kind === 'category'
        ? await this.db
            .updateTable('ns_categories')
            .set({ name: value.name, slug: value.slug ?? before.slug ?? '' })
            .where('id', '=', id)
            .where('name', '=', seen.name)
            .where('slug', '=', seen.slug ?? '')
            .executeTakeFirst()
        : await this.db
            .updateTable(TABLE[kind])
            .set({ name: value.name })
            .where('id', '=', id)
            .where('name', '=', seen.name)
            .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0)
      return (await this.find(kind, id))
        ? { ok: false, reason: 'stale' }
        : { ok: false, reason: 'missing' };
    return { ok: true, value: { ...before, ...value } };
  }

  /** Removes one no task uses (a category in use would orphan its tasks; a used type would untarget them). */
  async remove(kind: ChoiceKind, id: number): Promise<ChoiceResult<Choice>> {
    const before = await this.find(kind, id);
    if (!before) return { ok: false, reason: 'missing' };
    if (before.uses > 0) return { ok: false, reason: 'in-use' };
    await this.db.deleteFrom(TABLE[kind]).where('id', '=', id).execute();
    return { ok: true, value: before };
  }

  private async isTaken(kind: ChoiceKind, value: { name: string; slug?: string }, except = 0) {
    const same = (await this.list(kind)).find(
      (c) =>
        c.id !== except &&
        (c.name.toLowerCase() === value.name.toLowerCase() ||
          (value.slug !== undefined && c.slug === value.slug)),
    );
    return same !== undefined;
  }
}

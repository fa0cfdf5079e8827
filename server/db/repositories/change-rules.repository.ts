import type { Kysely, Selectable } from 'kysely';
import { storedTranslations } from '../../../contract/translations.schema.js';
import type { ChangeRulesTable } from '../changes.schema.js';
import type { DatabaseSchema } from '../schema.js';

export type ChangeRuleRow = Selectable<ChangeRulesTable>;

/**
 * A rule as written: every column but the id, the version and the times, its Spanish as the admin's
 * fields give it (none: `null` or absent).
 */
export type ChangeRuleInput = Omit<
  ChangeRuleRow,
  'id' | 'version' | 'created_at' | 'updated_at' | 'translations' | 'task_id'
> & {
  title_es?: string | null;
  body_es?: string | null;
  /** The staff task the rule completes (migration 054); absent: an edit keeps the stored one. */
  task_id?: number | null;
};

/** The columns a rule is stored in: its Spanish as `translations` (migration 052). */
const columns = ({ title_es, body_es, ...rule }: ChangeRuleInput) => ({
  opens: rule.opens,
  closes: rule.closes,
  code: rule.code,
  title: rule.title,
  body: rule.body,
  link: rule.link,
  category: rule.category,
  due_in_days: rule.due_in_days,
  translations: storedTranslations({ title_es: title_es ?? null, body_es: body_es ?? null }),
  ...(rule.task_id === undefined ? {} : { task_id: rule.task_id }),
});

/** A versioned write's outcome: the rule as it now is (or was, removed), or why nothing changed. */
export type RuleSave =
  { ok: true; item: ChangeRuleRow } | { ok: false; reason: 'missing' | 'stale' };

/**
 * The rules turning changes to a student's record into Next Steps tasks (issue 74, migrations 044
 * and 052). `changes/tasks.ts` reads them; `/admin/change-rules` writes them, each edit at the
 * version read.
 */
export class ChangeRulesRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  list(): Promise<ChangeRuleRow[]> {
    return this.db.selectFrom('change_rules').selectAll().orderBy('id').execute();
  }

  find(id: number): Promise<ChangeRuleRow | undefined> {
    return this.db.selectFrom('change_rules').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async create(rule: ChangeRuleInput, now: Date): Promise<ChangeRuleRow> {
    const at = now.toISOString();
    return this.db
      .insertInto('change_rules')
      .values({ ...columns(rule), version: 1, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Changes the rule only when `version` is still its version. */
  async update(id: number, rule: ChangeRuleInput, version: number, now: Date): Promise<RuleSave> {
    const done = await this.db
      .updateTable('change_rules')
      .set({ ...columns(rule), version: version + 1, updated_at: now.toISOString() })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    const item = await this.find(id);
    if (!item) return { ok: false, reason: 'missing' };
    return Number(done.numUpdatedRows) === 1 ? { ok: true, item } : { ok: false, reason: 'stale' };
  }

  /** Removes the rule only when `version` is still its version. */
  async remove(id: number, version: number): Promise<RuleSave> {
    const item = await this.find(id);
    if (!item) return { ok: false, reason: 'missing' };
    const done = await this.db
      .deleteFrom('change_rules')
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(done.numDeletedRows) === 1 ? { ok: true, item } : { ok: false, reason: 'stale' };
  }

  /** The one task staff wrote with this title (not a publisher's), for a seeded rule to complete. */
  async staffTaskNamed(title: string): Promise<number | undefined> {
    const rows = await this.db
      .selectFrom('ns_tasks')
      .select('id')
      .where('title', '=', title)
      .where('inbound_item_id', 'is', null)
      .limit(2)
      .execute();
    return rows.length === 1 ? rows[0]?.id : undefined;
  }

  /**
   * A staff task completed for one student by their record (migration 054), with the record's name
   * and why; their record of it made if they have none yet (they have not signed in since).
   */
  async completeStaffTask(
    userId: number,
    taskId: number,
    done: { at: string; by: string; because: string },
  ): Promise<void> {
    const set = { completed_on: done.at, completed_by: done.by, completed_because: done.because };
    await this.db
      .insertInto('ns_user_tasks')
      .values({ user_id: userId, task_id: taskId, starred: 0, ...set })
      .onConflict((oc) => oc.columns(['user_id', 'task_id']).doUpdateSet(set))
      .execute();
  }

  /** A staff task the record completed for one student (`by`), open again; one they completed stays. */
  async reopenStaffTask(userId: number, taskId: number, by: string): Promise<void> {
    await this.db
      .updateTable('ns_user_tasks')
      .set({ completed_on: null, completed_by: null, completed_because: null })
      .where('user_id', '=', userId)
      .where('task_id', '=', taskId)
      .where('completed_by', '=', by)
      .execute();
  }

  /** The sample data's rules, on a store that has none yet (its first seed). */
  async seed(rules: readonly ChangeRuleInput[], now: Date): Promise<number> {
    const any = await this.db.selectFrom('change_rules').select('id').executeTakeFirst();
    if (any) return 0;
    for (const rule of rules) await this.create(rule, now);
    return rules.length;
  }
}

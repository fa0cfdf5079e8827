import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/** The sample data's balance rule (`changes/tasks.ts` SEED_RULES), for a store already in use. */
const SAMPLE = {
  task: 'Pay your term bill',
  title: 'Pay your term bill',
  body: 'Pay the balance on your student account or set up a payment plan.',
  es: {
    title: 'Pague su factura del período académico',
    body: 'Pague el saldo de su cuenta de estudiante o acuerde un plan de pagos.',
  },
};

/**
 * The balance task completes from the record (issue 89): `change_rules.task_id`, a Next Steps task
 * staff wrote (`ns_tasks.id`) that the rule completes for the student when its `closes` change is
 * raised (and opens again, when the record completed it, on its `opens` change), in place of a task
 * of the rule's own. Null: the rule opens and completes its own task, as before. The change kinds
 * are text, not enumerated in the store: `balance-due` and `balance-paid` need no column.
 *
 * A store already in use that holds the sample data (its rules and its "Pay your term bill") gets
 * the sample's rule: a new amount due opens it again, the amount due paid completes it.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('change_rules').addColumn('task_id', 'integer').execute();
  const rules = await sql<{ n: number | string }>`
    SELECT count(*) AS n FROM change_rules
  `.execute(db);
  if (Number(rules.rows[0]?.n ?? 0) === 0) return;
  const tasks = await sql<{ id: number }>`
    SELECT id FROM ns_tasks WHERE title = ${SAMPLE.task} AND inbound_item_id IS NULL
  `.execute(db);
  const task = tasks.rows.length === 1 ? tasks.rows[0] : undefined;
  if (!task) return;
  const at = new Date().toISOString();
  await sql`
    INSERT INTO change_rules (opens, closes, code, title, body, link, category, due_in_days,
      translations, task_id, created_at, updated_at)
    VALUES ('balance-due', 'balance-paid', NULL, ${SAMPLE.title}, ${SAMPLE.body}, '/finances',
      NULL, 14, ${JSON.stringify({ es: SAMPLE.es })}, ${Number(task.id)}, ${at}, ${at})
  `.execute(db);
}

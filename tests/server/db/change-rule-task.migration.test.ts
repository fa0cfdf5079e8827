import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { translationsOf } from '../../../contract/translations.schema.js';
import type { Database } from '../../../server/db/database.js';
import { up } from '../../../server/db/migrations/054-change-rule-task.js';
import { repositoriesOn } from '../../../server/db/repositories.js';
import { seedNextSteps } from '../../../server/next-steps/seed.js';
import { repositoryStores } from './stores.js';

/** Migration 054 on a store 053 left (issue 89: the balance task completes from the record). */
describe.each(repositoryStores('chrules054'))('migration 054 on $name', ({ open }) => {
  let database: Database | undefined;
  afterEach(async () => database?.close());

  const before054 = async () => {
    database = await open();
    const db = database.db as unknown as Kysely<unknown>;
    await sql`DELETE FROM change_rules`.execute(db);
    await sql`ALTER TABLE change_rules DROP COLUMN task_id`.execute(db);
    return { db, dialect: database.dialect, repos: repositoriesOn(database.db, database.dialect) };
  };
  const at = '2026-11-01T00:00:00.000Z';
  const carriedRule = (db: Kysely<unknown>) =>
    sql`
      INSERT INTO change_rules (opens, closes, code, title, body, link, category, due_in_days,
        created_at, updated_at)
      VALUES ('hold-added', 'hold-removed', 'RH', 'Clear your registration hold', 'Body.',
        '/account#holds', NULL, 14, ${at}, ${at})
    `.execute(db);

  it('a store holding the sample data gets the sample’s balance rule: balance-due opens and balance-paid completes its "Pay your term bill"', async () => {
    const { db, dialect, repos } = await before054();
    await seedNextSteps(repos.nextStepsProfile, repos.nextStepsTasks, new Date(at), 'UTC');
    await carriedRule(db);
    await up(db, dialect);
    const rules = await repos.changeRules.list();
    const balance = rules.find((r) => r.closes === 'balance-paid');
    expect(balance).toMatchObject({ opens: 'balance-due', title: 'Pay your term bill' });
    expect(translationsOf(balance?.translations ?? '{}').es?.title).toBe(
      'Pague su factura del período académico',
    );
    expect(balance?.task_id).toBe(await repos.changeRules.staffTaskNamed('Pay your term bill'));
    expect(rules.find((r) => r.code === 'RH')?.task_id).toBeNull();
  });

  it('a store without change rules, or without the sample task, gains the column only', async () => {
    const { db, dialect, repos } = await before054();
    // A store another test seeded (PostgreSQL's schema is kept between tests) loses the sample task.
    await sql`DELETE FROM ns_user_tasks`.execute(db);
    await sql`DELETE FROM ns_tasks WHERE title = 'Pay your term bill'`.execute(db);
    await up(db, dialect);
    expect(await repos.changeRules.list()).toEqual([]);
    await sql`ALTER TABLE change_rules DROP COLUMN task_id`.execute(db);
    await carriedRule(db);
    await up(db, dialect);
    expect((await repos.changeRules.list()).map((r) => [r.code, r.task_id])).toEqual([
      ['RH', null],
    ]);
  });
});

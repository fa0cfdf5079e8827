import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { translationsOf } from '../../../contract/translations.schema.js';
import type { Database } from '../../../server/db/database.js';
import { up } from '../../../server/db/migrations/052-change-rule-translations.js';
import { ChangeRulesRepository } from '../../../server/db/repositories/change-rules.repository.js';
import { repositoryStores } from './stores.js';

/** Migration 052 on a store whose change rules 051 left without Spanish (issue 87). */
describe.each(repositoryStores('chrules052'))('migration 052 on $name', ({ open }) => {
  let database: Database | undefined;
  afterEach(async () => database?.close());

  it('a rule gains its Spanish as `translations`; the two rules 044 carried, still as written, get theirs, a rule staff wrote gets none', async () => {
    database = await open();
    const db = database.db as unknown as Kysely<unknown>;
    await sql`DELETE FROM change_rules`.execute(db);
    await sql`ALTER TABLE change_rules DROP COLUMN translations`.execute(db);
    const at = '2026-11-01T00:00:00.000Z';
    await sql`
      INSERT INTO change_rules (opens, closes, code, title, body, link, category, due_in_days,
        created_at, updated_at)
      VALUES ('hold-added', 'hold-removed', 'RH', 'Clear your registration hold', 'Body.',
        '/account#holds', NULL, 14, ${at}, ${at}),
      ('hold-added', 'hold-removed', 'AR', 'Talk to the Business Office', 'Body.',
        '/finances', NULL, 14, ${at}, ${at})
    `.execute(db);
    await up(db, database.dialect);
    const rules = await new ChangeRulesRepository(database.db).list();
    expect(rules.map((r) => [r.code, translationsOf(r.translations).es?.title])).toEqual([
      ['RH', 'Resuelva su retención de inscripción'],
      ['AR', undefined],
    ]);
  });

  it('the repository keeps a rule’s Spanish title and body, and none when no Spanish title is given', async () => {
    database = await open();
    const rules = new ChangeRulesRepository(database.db);
    const now = new Date('2026-11-01T00:00:00.000Z');
    const rule = {
      opens: 'class-dropped',
      closes: null,
      code: null,
      title: 'Find another class',
      body: 'One of your classes was dropped.',
      link: '/academics',
      category: null,
      due_in_days: 7,
    };
    const made = await rules.create(
      { ...rule, title_es: 'Busque otra clase', body_es: 'Se canceló una de sus clases.' },
      now,
    );
    expect(translationsOf(made.translations)).toEqual({
      es: { title: 'Busque otra clase', body: 'Se canceló una de sus clases.' },
    });
    const saved = await rules.update(made.id, { ...rule, title_es: null, body_es: null }, 1, now);
    expect(saved.ok && translationsOf(saved.item.translations)).toEqual({});
  });
});

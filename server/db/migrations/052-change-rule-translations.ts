import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/** The Spanish of the two rules 044 carried, for a store still holding them as written. */
const CARRIED = [
  {
    code: 'RH',
    title: 'Clear your registration hold',
    es: {
      title: 'Resuelva su retención de inscripción',
      body: 'Una retención de inscripción le impide inscribirse. Vea lo que le pide en su página Cuenta.',
    },
  },
  {
    code: 'AR',
    title: 'Pay your past-due balance',
    es: {
      title: 'Pague su saldo vencido',
      body: 'Se añadió una retención por un saldo vencido. Páguelo, o acuerde un plan de pagos, en Finanzas.',
    },
  },
];

/**
 * A change rule's task in Spanish (issue 87): `change_rules.translations`, JSON text of the shape
 * staff's own posts, messages and tasks keep (`{ "es": { "title", "body" } }`,
 * contract/translations.schema.ts); `{}` for none, so a Spanish student reads that rule's task in
 * English, marked so. The two rules 044 carried, still as written, get their Spanish.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('change_rules')
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  for (const rule of CARRIED)
    await sql`
      UPDATE change_rules SET translations = ${JSON.stringify({ es: rule.es })}
      WHERE code = ${rule.code} AND title = ${rule.title} AND translations = '{}'
    `.execute(db);
}

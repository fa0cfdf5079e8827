import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The sign-in's access token for an SIS read as the student (issue 91, PeopleSoft with
 * `PEOPLESOFT_AUTH=student`): `sessions.sis_token` holds it sealed with the server's secret (with its
 * refresh token and expiry), so a copy of the table opens nothing; it goes with its session (logout,
 * expiry, idle), never kept beyond it. Null for every other sign-in.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('sis_token', 'text').execute();
}

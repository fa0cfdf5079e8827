import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * One table of values used once (issue 61): the SAML messages `saml_used` held (migration 032) join
 * the Canvas states in `used_once` (033) under the purpose `saml`, each by the SHA-256 of its key, as
 * `UsedOnceRepository` now writes them. `saml_used` stays, no longer written, so that a process of
 * the previous release still serving during a rolling upgrade finds it; the next release drops it.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  const { rows } = await sql<{ key: string; expires_at: string }>`
    SELECT key, expires_at FROM saml_used
  `.execute(db);
  for (const row of rows) {
    const valueHash = createHash('sha256').update(row.key).digest('base64url');
    await sql`
      INSERT INTO used_once (purpose, value_hash, expires_at)
      VALUES ('saml', ${valueHash}, ${row.expires_at})
      ON CONFLICT DO NOTHING
    `.execute(db);
  }
}

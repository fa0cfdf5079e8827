import { randomBytes } from 'node:crypto';
import { PostgresIntrospector } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.js';
import type { Database } from '../../../server/db/database.js';

const url = process.env.DATABASE_URL;
const name = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

/** Runs `statements` on a connection of its own. */
async function admin(statements: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await statements(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!url)('the store’s introspection on PostgreSQL', () => {
  const own = name('introspect');
  const other = name('introspect_other');
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ url, schema: own });
    // Another schema with a table of the same name as one of ours, and one of its own.
    await admin((c) =>
      c.query(
        `CREATE SCHEMA ${other}; CREATE TABLE ${other}.preferences (elsewhere int); CREATE TABLE ${other}.only_there (x int)`,
      ),
    );
  });
  afterAll(async () => {
    await database.close();
    await admin((c) =>
      c.query(`DROP SCHEMA IF EXISTS ${own} CASCADE; DROP SCHEMA IF EXISTS ${other} CASCADE`),
    );
  });

  it('sees the tables of its own schema only, with their columns', async () => {
    const tables = await database.db.introspection.getTables();
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([own]));
    expect(tables.map((t) => t.name)).not.toContain('only_there');
    const preferences = tables.find((t) => t.name === 'preferences');
    expect(preferences?.columns.map((c) => c.name)).toContain('daily_digest');
    expect(preferences?.columns.map((c) => c.name)).not.toContain('elsewhere');
    // The migrator's bookkeeping only when asked for (as Kysely's own introspector does).
    expect(tables.map((t) => t.name)).not.toContain('kysely_migration');
    const all = await database.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(all.map((t) => t.name)).toContain('kysely_migration');
  });

  it('a new store is migrated though another schema holds a migration table of its own', async () => {
    // Kysely's own introspector lists every schema's tables: this is what it would see.
    const everywhere = await new PostgresIntrospector(database.db).getTables({
      withInternalKyselyTables: true,
    });
    expect(everywhere.some((t) => t.schema === other)).toBe(true);
    const fresh = name('introspect_fresh');
    const second = await openDatabase({ url, schema: fresh });
    try {
      const tables = await second.db.introspection.getTables();
      expect(tables.map((t) => t.name)).toContain('notify_jobs');
    } finally {
      await second.close();
      await admin((c) => c.query(`DROP SCHEMA IF EXISTS ${fresh} CASCADE`));
    }
  });
});

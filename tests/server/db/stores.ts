import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll } from 'vitest';
import { openDatabase } from '../../../server/db/database.js';
import type { Database } from '../../../server/db/database.js';

export interface Store {
  name: string;
  open: () => Promise<Database>;
}

/**
 * The stores a repository suite runs on: SQLite always, PostgreSQL too when DATABASE_URL is set (in a
 * schema of its own, dropped afterwards). With CI=true PostgreSQL is required.
 */
export function repositoryStores(prefix: string): Store[] {
  const url = process.env.DATABASE_URL;
  if (process.env.CI === 'true' && !url) {
    throw new Error(
      'CI=true: the repository suites must also run on PostgreSQL; set DATABASE_URL.',
    );
  }
  const stores: Store[] = [
    { name: 'SQLite', open: () => openDatabase({ sqliteFile: ':memory:' }) },
  ];
  if (!url) return stores;

  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  stores.push({ name: 'PostgreSQL', open: () => openDatabase({ url, schema }) });
  afterAll(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });
  return stores;
}

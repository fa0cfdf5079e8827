import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { openDatabase } from '../../../server/db/database.js';
import type { Database } from '../../../server/db/database.js';
import { SearchRepository } from '../../../server/db/repositories/search.repository.js';
import { sqliteSearchScan } from '../../../server/search/search-pool.js';
import { repositoryStores } from '../db/stores.js';
import type { Store } from '../db/stores.js';

/**
 * The stores a search suite runs on: SQLite as a file (so searches take the path they take in
 * service: the search thread, with its own read-only connection), and PostgreSQL when DATABASE_URL
 * is set (`repositoryStores`).
 */
export function searchStores(prefix: string): Store[] {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const file: Store = {
    name: 'SQLite (a file)',
    open: () => {
      const dir = mkdtempSync(path.join(tmpdir(), `portal-${prefix}-`));
      dirs.push(dir);
      return openDatabase({ dataDir: dir, sqliteFile: 'portal.sqlite' });
    },
  };
  return [file, ...repositoryStores(prefix).filter((store) => store.name !== 'SQLite')];
}

/** A budget no busy test machine runs out of: tests of the budget give their own. */
export const TEST_BUDGET = { budgetMs: 10_000 };

/** The search repository on a store, as the server builds it. */
export const searchOn = (database: Database) =>
  new SearchRepository(
    database.db,
    database.dialect,
    database.sqlite && sqliteSearchScan(database.sqlite),
  );

/**
 * The store for a server suite that searches: a new SQLite file (searches on the search thread, as
 * in service), or none under `TEST_STORE=postgres` (createTestApp then makes a PostgreSQL schema).
 */
export async function searchAppStore(): Promise<Database | undefined> {
  if (process.env.TEST_STORE === 'postgres') return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-search-app-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return openDatabase({ dataDir: dir, sqliteFile: 'portal.sqlite' });
}

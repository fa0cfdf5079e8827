// Playwright's global setup: the built server's first start, on an empty store, migrates and seeds
// it (seeding sanitises the sample posts, the slowest part of a first start); every journey file's
// store is then a copy of that one (e2e/server.ts), so a file's server starts as every start after
// a deployment's first does. Answers the teardown that drops the template.
import { rmSync } from 'node:fs';
import pg from 'pg';
import { TEMPLATE_VARIABLE, startFileServer } from './server.js';

export default async function storeTemplate(): Promise<() => Promise<void>> {
  const server = await startFileServer('template', {}, { keepStore: true });
  await server.stop();
  process.env[TEMPLATE_VARIABLE] = JSON.stringify(server.store);
  return async () => {
    rmSync(server.store.dataDir, { recursive: true, force: true });
    if (!server.store.database) return;
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${server.store.database} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
}

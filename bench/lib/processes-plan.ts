// What bench:campus's processes round is asked to do, and the PostgreSQL schema each part uses.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/database.js';
import { configuredSeed } from '../../server/store-seed.js';

export interface Plan {
  students: number;
  counts: number[];
  rate: number;
  seconds: number;
  giveUpSeconds: number;
  parts: ('reads' | 'notify')[];
}

/** A PostgreSQL schema of the bench's own, migrated and seeded as a first start; dropped after. */
export async function withSchema<T>(
  url: string,
  env: Record<string, string>,
  body: (schema: string) => Promise<T>,
) {
  const schema = `bench_processes_${randomBytes(4).toString('hex')}`;
  const first = await openDatabase({ url, schema, seed: configuredSeed(loadConfig(env)) });
  await first.close();
  try {
    return await body(schema);
  } finally {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`DROP SCHEMA "${schema}" CASCADE`);
    await cleanup.end();
  }
}

// Where a PostgreSQL sweep's time goes (issue 74): BENCH_CHANGES_STUDENTS (1,000) students swept for
// their baselines, then a hold added to every BENCH_CHANGES_EVERY-th (20th) and swept again, each
// statement timed by its text (the pg client's query, wrapped) and the sweep's own time. Prints the
// statements by total time. `npx tsx bench/changes-profile.ts`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Hold } from '../contract/sis/holds.schema.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/database.js';
import type { SisAnswer, SisEndpoint } from '../server/sis/endpoints.js';
import type { SisPerson, SisPort } from '../server/sis/port.js';
import { SampleSis } from '../server/sis/sample-adapter.js';
import { configuredSeed } from '../server/store-seed.js';
import { addStudents, round } from './lib/changes-load.js';

const STUDENTS = Number(process.env.BENCH_CHANGES_STUDENTS ?? 1000);
const EVERY = Number(process.env.BENCH_CHANGES_EVERY ?? 20);
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const hold: Hold = {
  HOLD: 'AR',
  HOLDDESCRIPTION: 'Accounts Receivable Hold',
  HOLDAMOUNT: 100,
  HOLDFROMDATE: '2026-11-01',
  HOLDTODATE: '2099-12-31',
  HOLDORIGINATINGOFFICE: 'BUS',
  HOLDORIGINATINGOFFICEDESCRIPTION: 'Business Office',
  HOLDRELEASEINDICATOR: 'N',
  PROCESSAFFECTED: ['Registration'],
  REASON: null,
  STUDENTID: '900000001',
};

class BenchSis implements SisPort {
  private readonly sample = new SampleSis();
  withHold = new Set<string>();
  async read<E extends SisEndpoint>(e: E, p: SisPerson, term?: string): Promise<SisAnswer<E>> {
    const as = p.username.startsWith('student') ? { username: 'avalencia', persona: null } : p;
    const answer = await this.sample.read(e, as, term);
    if (e !== 'holds' || !this.withHold.has(p.username) || !Array.isArray(answer)) return answer;
    return [...answer, hold] as SisAnswer<E>;
  }
  dismissNudge() {
    return Promise.resolve();
  }
}

/** Each statement's count and total milliseconds, by its first 90 characters. */
const timings = new Map<string, { n: number; ms: number }>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function timed(this: pg.Client, ...args: unknown[]) {
  const first = args[0];
  const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
  const started = performance.now();
  const result = (query as (...a: unknown[]) => unknown).apply(this, args);
  if (text && result instanceof Promise) {
    const key = text
      .replace(/\s+/g, ' ')
      .replace(/\$\d+(, )?/g, '')
      .slice(0, 90);
    void result.finally(() => {
      const t = timings.get(key) ?? { n: 0, ms: 0 };
      t.n += 1;
      t.ms += performance.now() - started;
      timings.set(key, t);
    });
  }
  return result;
} as typeof query;

function report(label: string, seconds: number) {
  const rows = [...timings.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
  console.log(`\n${label}: ${round(seconds, 1)} s`);
  for (const [text, t] of rows)
    console.log(`${String(t.n).padStart(6)} ${round(t.ms, 0).toString().padStart(8)} ms  ${text}`);
  timings.clear();
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-changes-profile-'));
  const schema = `bench_changes_${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: dir,
    CLIENT_DIR: '/nonexistent-client-dir',
    SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
  });
  const database = await openDatabase({ url: PG_URL, schema, seed: configuredSeed(config) });
  const sis = new BenchSis();
  const app = await buildApp({ config, database, logger: false, sis });
  await app.ready();
  try {
    await addStudents(database, STUDENTS);
    timings.clear();
    let started = performance.now();
    await app.changes.sweep();
    report('baseline sweep', (performance.now() - started) / 1000);
    for (let i = 0; i < STUDENTS; i += EVERY) sis.withHold.add(`student${i}`);
    started = performance.now();
    const result = await app.changes.sweep();
    report(
      `compare sweep (${result?.changes.length ?? 0} changes)`,
      (performance.now() - started) / 1000,
    );
  } finally {
    await app.close();
    await database.close();
    const cleanup = new pg.Client({ connectionString: PG_URL });
    await cleanup.connect();
    await cleanup.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await cleanup.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

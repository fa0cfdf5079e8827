// Changes to a student's record at campus scale (issue 74). On SQLite (a temporary folder) and on
// PostgreSQL (`DATABASE_URL`, else postgres://postgres@127.0.0.1:5432/test, in a schema of its own, dropped
// after; skipped when it cannot be reached), with BENCH_CHANGES_STUDENTS (30,000) students:
//   - the first sweep (every student's baseline) and a second one that finds a hold added to 1 % of
//     them: its time, its SIS calls, the process's peak memory, and the latency of other requests
//     (the public campus configuration and a signed-in student's cached holds, one after another)
//     during the sweep as a ratio to the same run's latency without it (target ≤ 1.5×);
//   - on the Ethos adapter against its test double: 1,000 change notifications, each naming a
//     student whose hold was added, handled (read, compared, told) within 5 minutes.
// The sample SIS answers in memory (BENCH_CHANGES_SIS_MS adds a delay to each call): the times are
// the portal's own. BENCH_CHANGES_STORES (`sqlite,postgres`) chooses the stores swept, and
// BENCH_CHANGES_ETHOS=0 leaves the Ethos run out. Writes bench/results/changes.json.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Hold } from '../contract/sis/holds.schema.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/database.js';
import type { Database } from '../server/db/database.js';
import type { SisAnswer, SisEndpoint } from '../server/sis/endpoints.js';
import type { SisPerson, SisPort } from '../server/sis/port.js';
import { SampleSis } from '../server/sis/sample-adapter.js';
import { configuredSeed } from '../server/store-seed.js';
import { signIn } from '../tests/server/helpers/app.js';
import { ethosBench } from './lib/changes-ethos.js';
import { addStudents, latencyRun, peakMemory, round } from './lib/changes-load.js';

const STUDENTS = Number(process.env.BENCH_CHANGES_STUDENTS ?? 30_000);
const SIS_MS = Number(process.env.BENCH_CHANGES_SIS_MS ?? 0);
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const TARGET_RATIO = 1.5;
const STORES = (process.env.BENCH_CHANGES_STORES ?? 'sqlite,postgres').split(',');
const ETHOS = process.env.BENCH_CHANGES_ETHOS !== '0';

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

/** Every bench student reads as the sample student; a chosen few have a hold added; calls counted. */
class BenchSis implements SisPort {
  private readonly sample = new SampleSis();
  calls = 0;
  withHold = new Set<string>();
  async read<E extends SisEndpoint>(e: E, p: SisPerson, term?: string): Promise<SisAnswer<E>> {
    this.calls += 1;
    if (SIS_MS > 0) await new Promise((r) => setTimeout(r, SIS_MS));
    const as = p.username.startsWith('student') ? { username: 'avalencia', persona: null } : p;
    const answer = await this.sample.read(e, as, term);
    if (e !== 'holds' || !this.withHold.has(p.username) || !Array.isArray(answer)) return answer;
    return [...answer, hold] as SisAnswer<E>;
  }
  dismissNudge() {
    return Promise.resolve();
  }
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function sweepRun(store: 'sqlite' | 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'bench-changes-'));
  const schema = store === 'postgres' ? `bench_changes_${randomBytes(4).toString('hex')}` : '';
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: dir,
    CLIENT_DIR: '/nonexistent-client-dir',
    SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
    RATE_LIMIT_API_PER_MINUTE: '100000000',
  });
  const options =
    store === 'postgres'
      ? { url: PG_URL, schema, seed: configuredSeed(config) }
      : { sqliteFile: 'portal.sqlite', dataDir: dir, seed: configuredSeed(config) };
  let database: Database | undefined;
  try {
    database = await openDatabase(options);
    const sis = new BenchSis();
    const app = await buildApp({ config, database, logger: false, sis });
    await app.ready();
    try {
      await addStudents(database, STUDENTS);
      const { token } = await signIn(app, 'student');
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      const measure = async (label: string, work: () => Promise<unknown>) => {
        sis.calls = 0;
        const loadBefore = loadavg()[0] ?? 0;
        const memory = peakMemory();
        const started = performance.now();
        const { result, ratio, during, alone } = await latencyRun(address, token, work);
        const seconds = (performance.now() - started) / 1000;
        const changes = result && typeof result === 'object' && 'changes' in result ? result : null;
        const figures = {
          seconds: round(seconds, 1),
          sisCalls: sis.calls,
          changes: Array.isArray(changes?.changes) ? changes.changes.length : 0,
          peakRssMb: memory.stop(),
          otherRequests: { alone, during, p50Ratio: ratio.p50, p95Ratio: ratio.p95 },
          // The machine is shared: its one-minute load average as the sweep began and ended.
          load: [round(loadBefore), round(loadavg()[0] ?? 0)],
        };
        console.log(store, label, JSON.stringify(figures));
        return figures;
      };
      const baseline = await measure('baseline sweep', () => app.changes.sweep());
      for (let i = 0; i < STUDENTS; i += 100) sis.withHold.add(`student${i}`);
      const compare = await measure('compare sweep', () => app.changes.sweep());
      return { baseline, compare };
    } finally {
      await app.close();
    }
  } finally {
    await database?.close();
    if (store === 'postgres') {
      const cleanup = new pg.Client({ connectionString: PG_URL });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await cleanup.end();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const loadBefore = loadavg();
  const sqlite = STORES.includes('sqlite') ? await sweepRun('sqlite') : null;
  const postgres =
    STORES.includes('postgres') && (await reachable(PG_URL)) ? await sweepRun('postgres') : null;
  if (!postgres)
    console.log(`PostgreSQL at ${PG_URL} not chosen or not reachable: its run skipped`);
  const ethos = ETHOS ? await ethosBench() : null;
  if (ethos) console.log('ethos', JSON.stringify(ethos));
  const ratios = [sqlite, postgres]
    .flatMap((r) => (r ? [r.baseline, r.compare] : []))
    .map((r) => r.otherRequests.p95Ratio);
  const results = {
    students: STUDENTS,
    sisDelayMs: SIS_MS,
    targets: { latencyRatio: TARGET_RATIO, ethosSeconds: 300 },
    sqlite,
    postgres,
    ethos,
    met: {
      latency: ratios.every((r) => r <= TARGET_RATIO),
      ethos: ethos ? ethos.seconds <= 300 && ethos.told === ethos.notifications : null,
    },
    machine: { cpus: cpus().length, loadBefore, loadAfter: loadavg(), node: process.version },
    stores: STORES,
    measuredAt: new Date().toISOString(),
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/changes.json', `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results.met));
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

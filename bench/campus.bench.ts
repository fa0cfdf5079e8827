// The portal at campus size (issue 48): builds a store of `--students` students (30,000 by default;
// 3000 and 10000 for the growth) × 60 Next Steps records, employees, 500 posts, messages, a year of
// sent notification jobs and audit rows (lib/campus-store.ts) on SQLite, or on PostgreSQL when
// DATABASE_URL is set (in a schema of its own, dropped after), then measures in this process:
//
// - p50/p99 of the dashboard's fan-out, the Next Steps list, a task, search and Messages under 100
//   requests a second from signed-in people chosen at random (campus-load.mjs, its own process);
// - one reminder-planner pass (the first, which writes the window's reminders, and the next, which
//   finds them written), with the event loop's delay during each (perf_hooks.monitorEventLoopDelay);
// - the time to apply the migrations: all of them to an empty store, the index migration 030 to the
//   full store (its indexes dropped and applied again), and the check at every start;
// - the store's size on disk, and the build's time.
//
// Results by size go into bench/results/campus.json (each size's run replaces its own entry), with
// the load average and the growth between sizes. Needs no build.
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/database.js';
import { configuredSeed } from '../server/store-seed.js';
import type { Database, DatabaseOptions } from '../server/db/database.js';
import { buildCampus, campusSize } from './lib/campus-store.js';
import { runLoad, warm } from './lib/campus-load.js';

const { values: args } = parseArgs({
  options: {
    students: { type: 'string', default: '30000' },
    seconds: { type: 'string', default: process.env.BENCH_CAMPUS_SECONDS ?? '30' },
    /** Counts of processes (`1,2,3`): the servers run as processes of their own (campus-processes.ts). */
    processes: { type: 'string' },
    rate: { type: 'string', default: '100' },
    'give-up': { type: 'string', default: '240' },
    parts: { type: 'string', default: 'reads,notify' },
  },
});
const STUDENTS = Number(args.students);
const SECONDS = Number(args.seconds);
const RATE = Number(args.rate);
const TARGET_P99_MS = 50;
const TARGET_PLAN_S = 10;
const TARGET_BLOCK_MS = 50;
const RESULTS = 'bench/results/campus.json';
/** Migrations that only add indexes: dropped and applied again to measure them on the full store. */
const INDEX_MIGRATIONS: Record<string, string[]> = {
  '030-campus-indexes': ['ns_user_tasks_task', 'messages_audience_username'],
};
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** The store's bytes: the SQLite file with its WAL, or the PostgreSQL schema's relations. */
async function storeBytes(database: Database, dir: string, schema: string | undefined) {
  if (database.dialect === 'sqlite') {
    database.sqlite!.connection.pragma('wal_checkpoint(TRUNCATE)');
    return readdirSync(dir)
      .filter((f) => f.startsWith('portal.sqlite'))
      .reduce((n, f) => n + statSync(join(dir, f)).size, 0);
  }
  const { rows } = await sql<{
    bytes: string;
  }>`SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) AS bytes
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${schema} AND c.relkind IN ('r', 'm')`.execute(database.db);
  return Number(rows[0]?.bytes ?? 0);
}

async function timedOpen(options: DatabaseOptions) {
  const applied: { name: string; ms: number }[] = [];
  const began = performance.now();
  const database = await openDatabase({ ...options, onMigration: (m) => applied.push(m) });
  return { database, applied, ms: round(performance.now() - began) };
}

/**
 * One planner pass, with the event loop's delay while it runs: the histogram of
 * monitorEventLoopDelay, and the longest gap between ticks of a 10 ms timer (a pass that never
 * yields to the loop shows as one gap as long as itself).
 */
async function plannerPass(plan: () => Promise<number>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let last = performance.now();
  let longestGap = 0;
  const tick = setInterval(() => {
    const at = performance.now();
    longestGap = Math.max(longestGap, at - last);
    last = at;
  }, 10);
  delay.enable();
  const began = performance.now();
  const jobs = await plan();
  const seconds = (performance.now() - began) / 1000;
  // The timers due during the pass fire now: their lateness is the pass's block.
  await new Promise((resolve) => setTimeout(resolve, 30));
  delay.disable();
  clearInterval(tick);
  return {
    seconds: round(seconds, 2),
    jobsWritten: jobs,
    eventLoopDelayP99Ms: round(delay.percentile(99) / 1e6),
    eventLoopDelayMaxMs: round(delay.max / 1e6),
    longestTimerGapMs: round(longestGap),
  };
}

async function run() {
  const url = process.env.DATABASE_URL || undefined;
  const schema = url ? `bench_campus_${randomBytes(4).toString('hex')}` : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'bench-campus-'));
  const options: DatabaseOptions = { url, schema, dataDir: dir, sqliteFile: 'portal.sqlite' };
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: dir,
    CLIENT_DIR: '/nonexistent-client-dir',
    SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
    RATE_LIMIT_API_PER_MINUTE: '100000000',
  });
  const now = new Date();
  try {
    // Every migration on an empty store, then the sample content seeded, as a deployment's first start.
    const empty = await timedOpen({ ...options, seed: configuredSeed(config, now) });
    await empty.database.close();

    const database = await openDatabase(options);
    const built = await buildCampus(database, campusSize(STUDENTS), now);
    console.log(`built ${STUDENTS} students in ${round(built.buildSeconds)} s`, built.rows);
    const bytes = await storeBytes(database, dir, schema);
    // The index migrations again on the full store: their indexes dropped, their record forgotten.
    for (const [name, indexes] of Object.entries(INDEX_MIGRATIONS)) {
      for (const index of indexes) await sql`DROP INDEX ${sql.ref(index)}`.execute(database.db);
      await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(database.db);
    }
    await database.close();
    const full = await timedOpen(options);
    await full.database.close();
    const again = await timedOpen(options);

    const app = await buildApp({ config, database: again.database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      // The feeds' first read fetches them: warm, as a running server's are.
      await warm([base], built.sessions[0]!);
      const loadBefore = loadavg();
      // The server's own stalls while it serves: the longest wait of a 10 ms timer in this process.
      let serverGap = 0;
      let lastTick = performance.now();
      const ticker = setInterval(() => {
        const at = performance.now();
        serverGap = Math.max(serverGap, at - lastTick);
        lastTick = at;
      }, 10);
      const measured = await runLoad([base], built.sessions, { rate: RATE, seconds: SECONDS });
      clearInterval(ticker);
      const loadAfter = loadavg();
      const firstPass = await plannerPass(() => app.notify.plan());
      const nextPass = await plannerPass(() => app.notify.plan());
      const ops = measured.operations;
      return {
        students: STUDENTS,
        store: url ? 'PostgreSQL' : 'SQLite (a file, WAL)',
        size: built.size,
        rows: built.rows,
        buildSeconds: round(built.buildSeconds),
        storeMegabytes: round(bytes / 1e6),
        migrations: {
          allOnEmptyStoreMs: empty.ms,
          indexMigrationsOnFullStore: full.applied,
          openFullStoreMs: full.ms,
          checkAtStartMs: again.ms,
        },
        load: {
          targetRequestsPerSecond: RATE,
          seconds: SECONDS,
          sessions: built.sessions.length,
          serverLongestTimerGapMs: round(serverGap),
          ...measured,
        },
        planner: { first: firstPass, next: nextPass },
        meets: {
          p99: Object.fromEntries(
            Object.entries(ops).map(([k, v]) => [k, v.p99Ms <= TARGET_P99_MS]),
          ),
          plannerPass: firstPass.seconds <= TARGET_PLAN_S && nextPass.seconds <= TARGET_PLAN_S,
          noBlockOver50Ms:
            Math.max(firstPass.longestTimerGapMs, nextPass.longestTimerGapMs) <=
            TARGET_BLOCK_MS + 10,
        },
        machine: { cpus: cpus().length, loadBefore, loadAfter, node: process.version },
        measuredAt: new Date().toISOString(),
      };
    } finally {
      await app.close();
    }
  } finally {
    if (url && schema) {
      // A plain connection: opening the store without its schema would migrate the database's
      // public schema, which is not the bench's (and failed there, losing the run's figures).
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA "${schema}" CASCADE`);
      await cleanup.end();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Results {
  targets: Record<string, number>;
  runs: Record<string, Awaited<ReturnType<typeof run>>>;
  growth?: unknown;
}

/** Each figure at each larger size as a multiple of the smallest size's, beside the students' multiple. */
function growth(runs: Results['runs']) {
  const sizes = Object.keys(runs).sort((a, b) => Number(a) - Number(b));
  const smallest = runs[sizes[0]!];
  if (!smallest || sizes.length < 2) return undefined;
  return Object.fromEntries(
    sizes.slice(1).map((key) => {
      const r = runs[key]!;
      const ratio = (a: number, b: number) => (b > 0 ? round(a / b, 2) : null);
      return [
        `${sizes[0]}→${key}`,
        {
          students: ratio(r.students, smallest.students),
          p99: Object.fromEntries(
            Object.entries(r.load.operations).map(([k, v]) => [
              k,
              ratio(v.p99Ms, smallest.load.operations[k]?.p99Ms ?? 0),
            ]),
          ),
          p50: Object.fromEntries(
            Object.entries(r.load.operations).map(([k, v]) => [
              k,
              ratio(v.p50Ms, smallest.load.operations[k]?.p50Ms ?? 0),
            ]),
          ),
          plannerFirstPass: ratio(r.planner.first.seconds, smallest.planner.first.seconds),
          plannerNextPass: ratio(r.planner.next.seconds, smallest.planner.next.seconds),
          buildSeconds: ratio(r.buildSeconds, smallest.buildSeconds),
          storeMegabytes: ratio(r.storeMegabytes, smallest.storeMegabytes),
        },
      ];
    }),
  );
}

if (args.processes) {
  const { campusProcesses } = await import('./campus-processes.js');
  await campusProcesses({
    students: STUDENTS,
    counts: args.processes.split(',').map(Number),
    rate: RATE,
    seconds: SECONDS,
    giveUpSeconds: Number(args['give-up']),
    parts: args.parts
      .split(',')
      .filter((p): p is 'reads' | 'notify' => p === 'reads' || p === 'notify'),
  });
  process.exit(0);
}
const result = await run();
console.log(JSON.stringify(result, null, 2));
const key = `${process.env.DATABASE_URL ? 'postgres' : 'sqlite'}`;
const previous: Record<string, Results> = existsSync(RESULTS)
  ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, Results>)
  : {};
const runs = { ...previous[key]?.runs, [String(STUDENTS)]: result };
const all = {
  ...previous,
  [key]: {
    targets: {
      p99Ms: TARGET_P99_MS,
      plannerPassSeconds: TARGET_PLAN_S,
      eventLoopBlockMs: TARGET_BLOCK_MS,
    },
    runs,
    growth: growth(runs),
  },
};
mkdirSync('bench/results', { recursive: true });
writeFileSync(RESULTS, `${JSON.stringify(all, null, 2)}\n`);

// bench:campus on several processes (issue 90): `npm run bench:campus -- --students 60000
// --processes 1,2,3` (needs DATABASE_URL and REDIS_URL). Each count of processes is a round: that
// many portal servers, each a process of its own (lib/portal-process.ts), share one PostgreSQL
// schema and one Redis prefix, as a campus's replicas do behind a balancer.
//
// - Reads: the campus store at `--students` (lib/campus-store.ts), then p50/p99 of the dashboard's
//   reads, the Next Steps list, a task, search and Messages under `--rate` requests a second spread
//   over the processes, each request to the next (lib/campus-load.ts).
// - Notifications: the same number of people, each with one push device at a local push sink and an
//   email address at a local SMTP sink (lib/notify-sinks-process.ts, a process of its own); one staff
//   message "also notify" to everyone by email and push, planned in the first process, and an
//   emergency alert three seconds in. Every process runs the notification worker. Measured: when the
//   last alert push arrived (target 60 s), when the last email and push of the message arrived
//   (target 120 s), the rates, duplicates and what had not arrived at `--give-up` seconds.
//
// The slope is each round's figure against one process's, in the same run. Writes
// bench/results/campus-processes.json.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/database.js';
import type { Database } from '../server/db/database.js';
import { runLoad, warm } from './lib/campus-load.js';
import { buildCampus, campusSize } from './lib/campus-store.js';
import { ALERT_TARGET_S, MESSAGE_TARGET_S, notifyOnProcesses } from './lib/notify-rounds.js';
import { startProcesses } from './lib/portal-processes.js';
import type { Plan } from './lib/processes-plan.js';
import { withSchema } from './lib/processes-plan.js';

const RESULTS = 'bench/results/campus-processes.json';
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

async function analyzed(database: Database, schema: string) {
  const { rows } = await sql<{
    name: string;
  }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = ${schema}`.execute(database.db);
  for (const { name } of rows) {
    await sql`VACUUM ANALYZE ${sql.table(`${schema}.${name}`)}`.execute(database.db);
  }
}

async function reads(plan: Plan, url: string, env: Record<string, string>) {
  return withSchema(url, env, async (schema) => {
    const database = await openDatabase({ url, schema });
    const built = await buildCampus(database, campusSize(plan.students), new Date());
    // A store that has served for a while has its statistics: without them, the first minutes after
    // a bulk load are autovacuum's (p99 ×10, measured), not the portal's.
    await analyzed(database, schema);
    await database.close();
    console.log(`built ${plan.students} students in ${round(built.buildSeconds)} s`);
    const rounds: Record<string, unknown> = {};
    for (const count of plan.counts) {
      const prefix = `portal-bench:${randomBytes(4).toString('hex')}:`;
      const processes = await startProcesses(count, {
        env: { ...env, REDIS_KEY_PREFIX: prefix },
        schema,
        shiftMs: 0,
      });
      try {
        const bases = processes.map((p) => p.base);
        await warm(bases, built.sessions[0]!);
        const loadBefore = loadavg();
        const measured = await runLoad(bases, built.sessions, plan);
        rounds[count] = { ...measured, loadBefore, loadAfter: loadavg() };
        console.log(`reads on ${count}`, JSON.stringify(measured.operations));
      } finally {
        await Promise.all(processes.map((p) => p.close()));
      }
    }
    return { buildSeconds: round(built.buildSeconds), rows: built.rows, rounds };
  });
}

function slope(
  rounds: Record<string, Record<string, unknown>>,
  figure: (r: never) => number | null,
) {
  const [first, ...rest] = Object.keys(rounds);
  const base = first ? figure(rounds[first] as never) : null;
  return Object.fromEntries(
    rest.map((k) => {
      const value = figure(rounds[k] as never);
      return [`${first}→${k}`, base && value ? round(value / base, 2) : null];
    }),
  );
}

export async function campusProcesses(plan: Plan) {
  const { DATABASE_URL: url, REDIS_URL: redis } = process.env;
  if (!url || !redis) throw new Error('bench:campus --processes needs DATABASE_URL and REDIS_URL');
  const dir = mkdtempSync(join(tmpdir(), 'bench-processes-data-'));
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: dir,
    CLIENT_DIR: '/nonexistent-client-dir',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    RATE_LIMIT_API_PER_MINUTE: '100000000',
    DATABASE_URL: url,
    REDIS_URL: redis,
  };
  const loadBefore = loadavg();
  const readRounds = plan.parts.includes('reads') ? await reads(plan, url, env) : undefined;
  const notifyRounds = plan.parts.includes('notify')
    ? await notifyOnProcesses(plan, url, env)
    : undefined;
  rmSync(dir, { recursive: true, force: true });
  const result = {
    students: plan.students,
    processes: plan.counts,
    store: 'PostgreSQL, Redis',
    targets: { alertSeconds: ALERT_TARGET_S, messageSeconds: MESSAGE_TARGET_S },
    reads: readRounds && {
      ...readRounds,
      measuredAt: new Date().toISOString(),
      rate: plan.rate,
      seconds: plan.seconds,
      slopeOfDashboardP99: slope(
        readRounds.rounds as never,
        (r: { operations: { dashboard: { p99Ms: number } } }) => r.operations.dashboard.p99Ms,
      ),
    },
    notify: notifyRounds && {
      rounds: notifyRounds,
      measuredAt: new Date().toISOString(),
      slopeOfEmailsPerSecond: slope(
        notifyRounds as never,
        (r: { emailsPerSecond: number }) => r.emailsPerSecond,
      ),
      slopeOfPushesPerSecond: slope(
        notifyRounds as never,
        (r: { pushesPerSecond: number }) => r.pushesPerSecond,
      ),
    },
    machine: { cpus: cpus().length, loadBefore, loadAfter: loadavg(), node: process.version },
    measuredAt: new Date().toISOString(),
  };
  // A part not run this time keeps its last figures (each part says when it was measured).
  const previous: Record<string, unknown> = existsSync(RESULTS)
    ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown>)
    : {};
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    RESULTS,
    `${JSON.stringify({ ...result, reads: result.reads ?? previous.reads, notify: result.notify ?? previous.notify }, null, 2)}\n`,
  );
  console.log(JSON.stringify(result, null, 2));
}

// API throughput: a cached integration read against a bare Fastify JSON endpoint measured in the same
// run, one student's dashboard fan-out (every SIS call the dashboard makes) as dashboards per second,
// and the server's resident memory meanwhile. Server and load run on separate cores when taskset exists.
import { tokenHeaders } from './lib/servers.js';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { allocatorEnv } from '../scripts/allocator.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Bare and cached runs alternate over several short rounds; medians resist a noisy machine. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 4);
/** The untimed load each server gets before the rounds. */
const WARM_SECONDS = 2;
const TERM = '202604';
/** Every SIS-backed call the dashboard makes for a student (portal.md §2 Dashboard, §7). */
const DASHBOARD: { method: 'GET' | 'POST'; path: string }[] = [
  { method: 'POST', path: '/api/users/roles' },
  { method: 'GET', path: '/api/psu_user_profile' },
  { method: 'GET', path: '/api/integrations/finti/current-term' },
  { method: 'GET', path: '/api/integrations/finti/term-info' },
  { method: 'GET', path: `/api/integrations/finti/schedule?term=${TERM}` },
  { method: 'GET', path: `/api/integrations/finti/courses?term=${TERM}` },
  { method: 'GET', path: '/api/integrations/finti/holds' },
  { method: 'GET', path: '/api/integrations/finti/nudges' },
  { method: 'GET', path: '/api/integrations/finti/gpa' },
  { method: 'GET', path: '/api/integrations/finti/standing' },
  { method: 'GET', path: '/api/integrations/finti/curriculum-info' },
];
const CACHED = '/api/integrations/finti/holds';

const pinning = spawnSync('taskset', ['-V']).status === 0;
const onCore = (core: number, cmd: string[]) =>
  pinning ? ['taskset', '-c', String(core), ...cmd] : cmd;

function start(cmd: string[], env: Record<string, string>, pattern: RegExp) {
  const [bin, ...args] = cmd;
  const child = spawn(bin!, args, {
    // The allocator npm start and the systemd unit run the server with (scripts/allocator.mjs:
    // jemalloc when installed), for both servers, so the figures are the ones a deployment sees.
    env: allocatorEnv({ ...process.env, ...env }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const address = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = pattern.exec(out);
      if (found?.[1]) resolve(found[1].replace('localhost', '127.0.0.1'));
    });
    child.on('exit', (code) => reject(new Error(`${cmd.join(' ')} exited with ${code}`)));
  });
  return { child, address };
}

/** Samples the child's resident set while load runs; reports the peak in MB. */
function rssSampler(child: ChildProcess) {
  let peakKb = 0;
  const sample = () => {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    peakKb = Math.max(peakKb, kb);
  };
  const timer = setInterval(sample, 200);
  return { peakMb: () => (sample(), clearInterval(timer), +(peakKb / 1024).toFixed(1)) };
}

/** CPU time (user + system, ms) the process has used: a cost per request that a busy machine does not skew. */
function cpuMs(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function load(options: autocannon.Options, server?: ChildProcess) {
  const before = server ? cpuMs(server) : 0;
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${options.url}: ${bad} failed requests`);
  const cpu = server ? cpuMs(server) - before : 0;
  return {
    reqPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    total: result.requests.total,
    cpuUsPerRequest: result.requests.total ? +((cpu * 1000) / result.requests.total).toFixed(1) : 0,
  };
}

/** Ends a child process and waits until it has gone. */
function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  if (pinning) spawnSync('taskset', ['-a', '-cp', '0', String(process.pid)]);
  const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.server.json'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');

  const bare = start(onCore(1, ['node', 'bench/bare-server.mjs']), {}, /listening (\S+)/);
  // BENCH_PORTAL_DIR: another build of the portal (a baseline worktree) measured the same way.
  const startPortal = () =>
    start(
      // As npm start and the systemd unit run it: V8's flags of scripts/server-flags.mjs.
      onCore(1, [
        'node',
        ...SERVER_NODE_FLAGS,
        path.join(process.env.BENCH_PORTAL_DIR ?? '.', 'dist/server/server.js'),
      ]),
      {
        NODE_ENV: 'production',
        DEMO_SIGN_IN: '1',
        PORT: '0',
        LOG_LEVEL: 'warn',
        CLIENT_DIR: path.join(process.env.BENCH_PORTAL_DIR ?? '.', 'dist/client'),
        // The limiter still runs on every call; the load generator is one session, far above a person's rate.
        RATE_LIMIT_API_PER_MINUTE: '100000000',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
      },
      /serving (\S+?)\/? /,
    );
  // A deployment's first process creates the database and seeds its content (which loads the HTML
  // sanitiser); every later one (a restart, another process) starts on it, as the measured one does.
  const first = startPortal();
  await first.address;
  await stop(first.child);
  const portal = startPortal();
  try {
    const [bareBase, base] = await Promise.all([bare.address, portal.address]);
    const headers = await tokenHeaders(base);
    for (let i = 0; i < 2; i += 1) {
      for (const call of DASHBOARD) {
        const answer = await fetch(`${base}${call.path}`, { method: call.method, headers });
        if (!answer.ok) throw new Error(`${call.path} answered ${answer.status}`);
      }
    }
    const warm = await fetch(`${base}${CACHED}`, { headers });
    if (warm.headers.get('x-cache') !== 'hit') throw new Error('cache did not warm');
    // Both servers warmed under load, untimed: V8 optimises a request path only after it has run
    // many times, and the first timed round otherwise measured that (37.5 µs a read against 27–30
    // in later rounds of the same run).
    await load({ url: `${bareBase}/json`, duration: WARM_SECONDS });
    await load({ url: `${base}${CACHED}`, headers, duration: WARM_SECONDS });

    const rss = rssSampler(portal.child);
    const rounds: Array<{
      bare: Awaited<ReturnType<typeof load>>;
      cached: Awaited<ReturnType<typeof load>>;
    }> = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const runBare = () => load({ url: `${bareBase}/json`, duration: ROUND_SECONDS }, bare.child);
      const runCached = () =>
        load({ url: `${base}${CACHED}`, headers, duration: ROUND_SECONDS }, portal.child);
      // Alternate which goes first, so neither always gets the quieter moment.
      if (round % 2 === 0) rounds.push({ bare: await runBare(), cached: await runCached() });
      else {
        const cached = await runCached();
        rounds.push({ bare: await runBare(), cached });
      }
    }
    const summary = (pick: (r: (typeof rounds)[number]) => Awaited<ReturnType<typeof load>>) => ({
      reqPerSec: Math.round(median(rounds.map((r) => pick(r).reqPerSec))),
      p99Ms: median(rounds.map((r) => pick(r).p99Ms)),
      cpuUsPerRequest: median(rounds.map((r) => pick(r).cpuUsPerRequest)),
    });
    const bareRun = summary((r) => r.bare);
    const cachedRun = summary((r) => r.cached);
    const dashboardRun = await load({
      url: base,
      requests: DASHBOARD.map((call) => ({ method: call.method, path: call.path, headers })),
    });
    const peakRssMb = rss.peakMb();

    const dashboardsPerSec = Math.round(dashboardRun.reqPerSec / DASHBOARD.length);
    const ratio = +median(rounds.map((r) => r.cached.reqPerSec / r.bare.reqPerSec)).toFixed(2);
    // Throughput on a saturated core is the inverse of the CPU each request costs.
    const cpuRatio = +median(
      rounds.map((r) => r.bare.cpuUsPerRequest / r.cached.cpuUsPerRequest),
    ).toFixed(2);
    const report = {
      measuredAt: new Date().toISOString(),
      setup: {
        connections: CONNECTIONS,
        seconds: SECONDS,
        rounds: `${ROUNDS} alternating rounds of ${ROUND_SECONDS} s each (bare, cached); medians`,
        pinned: pinning ? 'server core 1, load core 0' : 'not pinned (no taskset)',
        store: 'SQLite, created and seeded by an earlier start',
        logLevel: 'warn',
        dashboardCalls: DASHBOARD.length,
      },
      bareFastify: bareRun,
      cachedIntegration: { path: CACHED, ...cachedRun },
      cachedToBareRatio: ratio,
      cachedToBareCpuRatio: cpuRatio,
      rounds: rounds.map((r) => ({
        bareReqPerSec: r.bare.reqPerSec,
        cachedReqPerSec: r.cached.reqPerSec,
        ratio: +(r.cached.reqPerSec / r.bare.reqPerSec).toFixed(2),
        bareCpuUsPerRequest: r.bare.cpuUsPerRequest,
        cachedCpuUsPerRequest: r.cached.cpuUsPerRequest,
      })),
      dashboard: { reqPerSec: dashboardRun.reqPerSec, dashboardsPerSec, p99Ms: dashboardRun.p99Ms },
      serverPeakRssMb: peakRssMb,
      targets: {
        cachedAtLeast06xBare: ratio >= 0.6,
        cachedP99AtMost5ms: cachedRun.p99Ms <= 5,
        atLeast400DashboardsPerSec: dashboardsPerSec >= 400,
        rssAtMost140MB: peakRssMb <= 140,
      },
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/api.json', `${JSON.stringify(report, null, 2)}\n`);
    console.log(report);
  } finally {
    bare.child.kill('SIGTERM');
    portal.child.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

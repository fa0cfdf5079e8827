// API throughput: a cached integration read against a bare Fastify JSON endpoint and against the
// previous release's tree (lib/baseline-tree.ts), all measured in the same
// run, one student's dashboard fan-out (every SIS call the dashboard makes) as dashboards per second,
// and the server's resident memory meanwhile. Server and load run on separate cores when taskset exists.
import { baselineTree } from './lib/baseline-tree.js';
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

/** A portal server as a deployment's later process runs it: on a store its first start made. */
async function startedPortal(dir: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const run = () =>
    start(
      // As npm start and the systemd unit run it: V8's flags of scripts/server-flags.mjs.
      onCore(1, ['node', ...SERVER_NODE_FLAGS, path.join(dir, 'dist/server/server.js')]),
      {
        NODE_ENV: 'production',
        DEMO_SIGN_IN: '1',
        PORT: '0',
        LOG_LEVEL: 'warn',
        CLIENT_DIR: path.join(dir, 'dist/client'),
        // The limiter still runs on every call; the load generator is one session, far above a person's rate.
        RATE_LIMIT_API_PER_MINUTE: '100000000',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
      },
      /serving (\S+?)\/? /,
    );
  // A deployment's first process creates the database and seeds its content (which loads the HTML
  // sanitiser); every later one (a restart, another process) starts on it, as the measured one does.
  const first = run();
  await first.address;
  await stop(first.child);
  const portal = run();
  const base = await portal.address;
  const headers = await tokenHeaders(base);
  for (let i = 0; i < 2; i += 1) {
    for (const call of DASHBOARD) {
      const answer = await fetch(`${base}${call.path}`, { method: call.method, headers });
      if (!answer.ok) throw new Error(`${dir}: ${call.path} answered ${answer.status}`);
    }
  }
  const warm = await fetch(`${base}${CACHED}`, { headers });
  if (warm.headers.get('x-cache') !== 'hit') throw new Error(`${dir}: the cache did not warm`);
  // Warmed under load, untimed: V8 optimises a request path only after it has run many times, and
  // the first timed round otherwise measured that (37.5 µs a read against 27–30 in later rounds).
  await load({ url: `${base}${CACHED}`, headers, duration: WARM_SECONDS });
  return { child: portal.child, base, headers };
}
type Portal = Awaited<ReturnType<typeof startedPortal>>;
type Run = Awaited<ReturnType<typeof load>>;

/** One tree's figures: the cached read over the rounds (against the bare rounds), its dashboards. */
async function figures(portal: Portal, cached: Run[], bare: Run[], peakRssMb: number) {
  const dashboardRun = await load({
    url: portal.base,
    requests: DASHBOARD.map((call) => ({
      method: call.method,
      path: call.path,
      headers: portal.headers,
    })),
  });
  return {
    cachedIntegration: {
      path: CACHED,
      reqPerSec: Math.round(median(cached.map((r) => r.reqPerSec))),
      p99Ms: median(cached.map((r) => r.p99Ms)),
      cpuUsPerRequest: median(cached.map((r) => r.cpuUsPerRequest)),
    },
    cachedToBareRatio: +median(cached.map((r, i) => r.reqPerSec / bare[i]!.reqPerSec)).toFixed(2),
    // Throughput on a saturated core is the inverse of the CPU each request costs.
    cachedToBareCpuRatio: +median(
      cached.map((r, i) => bare[i]!.cpuUsPerRequest / r.cpuUsPerRequest),
    ).toFixed(2),
    dashboard: {
      reqPerSec: dashboardRun.reqPerSec,
      dashboardsPerSec: Math.round(dashboardRun.reqPerSec / DASHBOARD.length),
      p99Ms: dashboardRun.p99Ms,
    },
    serverPeakRssMb: peakRssMb,
  };
}

async function main() {
  if (pinning) spawnSync('taskset', ['-a', '-cp', '0', String(process.pid)]);
  // BENCH_PORTAL_DIR: another build of the portal measured as this tree; the baseline
  // (lib/baseline-tree.ts: the previous release by default) is built and measured in the same run.
  const dir = process.env.BENCH_PORTAL_DIR ?? '.';
  if (!process.env.BENCH_PORTAL_DIR) {
    const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.server.json'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('server build failed');
  }
  const baseline = baselineTree();
  const bare = start(onCore(1, ['node', 'bench/bare-server.mjs']), {}, /listening (\S+)/);
  const trees = [{ label: 'this tree', dir }, ...(baseline ? [baseline] : [])];
  const portals: Portal[] = [];
  try {
    const bareBase = await bare.address;
    for (const tree of trees) portals.push(await startedPortal(tree.dir));
    await load({ url: `${bareBase}/json`, duration: WARM_SECONDS });

    const rss = portals.map((portal) => rssSampler(portal.child));
    const bareRuns: Run[] = [];
    const cachedRuns: Run[][] = portals.map(() => []);
    for (let round = 0; round < ROUNDS; round += 1) {
      // Each round measures bare Fastify and every tree once, in an order that turns each round,
      // so none always gets the quieter moment.
      const steps = [-1, ...portals.map((_, i) => i)];
      for (let i = 0; i < round % steps.length; i += 1) steps.push(steps.shift()!);
      for (const step of steps) {
        if (step < 0) {
          bareRuns.push(
            await load({ url: `${bareBase}/json`, duration: ROUND_SECONDS }, bare.child),
          );
        } else {
          const portal = portals[step]!;
          const url = `${portal.base}${CACHED}`;
          cachedRuns[step]!.push(
            await load({ url, headers: portal.headers, duration: ROUND_SECONDS }, portal.child),
          );
        }
      }
    }
    const measured = [];
    for (const [i, portal] of portals.entries())
      measured.push(await figures(portal, cachedRuns[i]!, bareRuns, rss[i]!.peakMb()));
    const [current, old] = measured;
    if (!current) throw new Error('nothing measured');
    const bareRun = {
      reqPerSec: Math.round(median(bareRuns.map((r) => r.reqPerSec))),
      p99Ms: median(bareRuns.map((r) => r.p99Ms)),
      cpuUsPerRequest: median(bareRuns.map((r) => r.cpuUsPerRequest)),
    };
    const report = {
      measuredAt: new Date().toISOString(),
      setup: {
        connections: CONNECTIONS,
        seconds: SECONDS,
        rounds: `${ROUNDS} rounds of ${ROUND_SECONDS} s each (bare, this tree, the baseline; turning order); medians`,
        pinned: pinning ? 'servers core 1, load core 0' : 'not pinned (no taskset)',
        store: 'SQLite, created and seeded by an earlier start',
        logLevel: 'warn',
        dashboardCalls: DASHBOARD.length,
        baseline: baseline ? `${baseline.label}, built and measured in this run` : 'none',
      },
      bareFastify: bareRun,
      ...current,
      baseline: old ? { tree: baseline?.label, ...old } : null,
      // This tree against the baseline, from the same run: below 1 is cheaper (CPU, memory), above 1
      // is more (dashboards per second).
      againstBaseline: old
        ? {
            cachedCpuPerRequest: +(
              current.cachedIntegration.cpuUsPerRequest / old.cachedIntegration.cpuUsPerRequest
            ).toFixed(2),
            dashboardsPerSec: +(
              current.dashboard.dashboardsPerSec / old.dashboard.dashboardsPerSec
            ).toFixed(2),
            peakRss: +(current.serverPeakRssMb / old.serverPeakRssMb).toFixed(2),
          }
        : null,
      rounds: bareRuns.map((bareRound, i) => ({
        bareReqPerSec: bareRound.reqPerSec,
        bareCpuUsPerRequest: bareRound.cpuUsPerRequest,
        trees: cachedRuns.map((runs) => ({
          reqPerSec: runs[i]!.reqPerSec,
          cpuUsPerRequest: runs[i]!.cpuUsPerRequest,
        })),
      })),
      targets: {
        cachedAtLeast06xBare: current.cachedToBareRatio >= 0.6,
        cachedP99AtMost5ms: current.cachedIntegration.p99Ms <= 5,
        atLeast400DashboardsPerSec: current.dashboard.dashboardsPerSec >= 400,
        rssAtMost220MB: current.serverPeakRssMb <= 220,
      },
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/api.json', `${JSON.stringify(report, null, 2)}\n`);
    console.log(JSON.stringify(report, null, 2));
  } finally {
    bare.child.kill('SIGTERM');
    for (const portal of portals) portal.child.kill('SIGTERM');
    baseline?.remove();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

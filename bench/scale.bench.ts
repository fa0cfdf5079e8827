// Several processes, one product: throughput of the cached integration read served by one process
// against the same load spread over two processes sharing PostgreSQL and Redis (as behind a load
// balancer), measured in the same run, rounds alternating. Needs `npm run build`, DATABASE_URL and
// REDIS_URL. On a 2-core machine the load generator competes with the servers for the same cores, so
// the ratio is a floor. Writes bench/results/scale.json.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { median, signInCookies, startPortal } from './lib/servers.js';
import type { Started } from './lib/servers.js';

const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const CACHED = '/api/integrations/finti/holds';

async function tokenOf(base: string) {
  const cookie = (await signInCookies(base)).map((c) => `${c.name}=${c.value}`).join('; ');
  const user: unknown = await (
    await fetch(`${base}/api/users/user`, { headers: { cookie } })
  ).json();
  const token =
    typeof user === 'object' && user && 'auth_token' in user ? String(user.auth_token) : '';
  if (!token) throw new Error('sign-in gave no token');
  return { authorization: `Token ${token}` };
}

/** The load split evenly over `servers` (one autocannon per process, together CONNECTIONS). */
async function load(servers: Started[], headers: Record<string, string>) {
  const results = await Promise.all(
    servers.map((server) =>
      autocannon({
        url: `${server.base}${CACHED}`,
        headers,
        connections: CONNECTIONS / servers.length,
        duration: ROUND_SECONDS,
      }),
    ),
  );
  const bad = results.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
  if (bad > 0) throw new Error(`${bad} failed requests`);
  return {
    reqPerSec: Math.round(results.reduce((n, r) => n + r.requests.average, 0)),
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
  };
}

async function main() {
  const { DATABASE_URL, REDIS_URL } = process.env;
  if (!DATABASE_URL || !REDIS_URL) throw new Error('bench:scale needs DATABASE_URL and REDIS_URL');
  const env = {
    DATABASE_URL,
    REDIS_URL,
    REDIS_KEY_PREFIX: `portal-bench:${randomBytes(4).toString('hex')}:`,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
  };
  const first = await startPortal('.', env);
  const second = await startPortal('.', env);
  try {
    // One session for both, signed in on the first: the second knows it through the shared store.
    const headers = await tokenOf(first.base);
    for (const server of [first, second]) {
      const warm = await fetch(`${server.base}${CACHED}`, { headers });
      if (!warm.ok) throw new Error(`${server.base} answered ${warm.status}`);
    }
    const rounds: {
      one: Awaited<ReturnType<typeof load>>;
      two: Awaited<ReturnType<typeof load>>;
    }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round % 2 === 0) {
        const one = await load([first], headers);
        rounds.push({ one, two: await load([first, second], headers) });
      } else {
        const two = await load([first, second], headers);
        rounds.push({ one: await load([first], headers), two });
      }
    }
    const ratio = +median(rounds.map((r) => r.two.reqPerSec / r.one.reqPerSec)).toFixed(2);
    const report = {
      measuredAt: new Date().toISOString(),
      setup: {
        path: CACHED,
        connections: CONNECTIONS,
        rounds: `${ROUNDS} alternating rounds of ${ROUND_SECONDS} s; medians`,
        store: 'PostgreSQL + Redis (cache, rate limits, session sync)',
        cores: 'not pinned: servers and load generator share the machine',
      },
      oneProcess: {
        reqPerSec: median(rounds.map((r) => r.one.reqPerSec)),
        p99Ms: median(rounds.map((r) => r.one.p99Ms)),
      },
      twoProcesses: {
        reqPerSec: median(rounds.map((r) => r.two.reqPerSec)),
        p99Ms: median(rounds.map((r) => r.two.p99Ms)),
      },
      twoToOneRatio: ratio,
      rounds: rounds.map((r) => ({
        one: r.one.reqPerSec,
        two: r.two.reqPerSec,
        ratio: +(r.two.reqPerSec / r.one.reqPerSec).toFixed(2),
      })),
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/scale.json', `${JSON.stringify(report, null, 2)}\n`);
    console.log(report);
  } finally {
    first.child.kill('SIGTERM');
    second.child.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

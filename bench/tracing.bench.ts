// What tracing costs (issue 90): the built server with OTEL_EXPORTER_OTLP_ENDPOINT at a local
// OTLP/HTTP sink against the same build without it, both started here and measured in the same run,
// rounds alternating, each on the cached integration read (bench:api's figure: a request span and its
// handler's, no upstream call) and on a store read (`/api/dashboard/blocks`: a query span as well).
// The figures are CPU µs per request on the server's core and requests a second, and their ratios
// (on against off). The sink answers every export at once and counts what it got.
import { startPortal, tokenHeaders, median } from './lib/servers.js';
import type { Started } from './lib/servers.js';
import { spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';

const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 4);
const WARM_SECONDS = 2;
const PATHS = { cached: '/api/integrations/finti/holds', store: '/api/dashboard/blocks' };
type Read = keyof typeof PATHS;

const pinning = spawnSync('taskset', ['-V']).status === 0;

/** CPU time (user + system, ms) the process has used (/proc/<pid>/stat, in 1/100 s). */
function cpuMs(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  server?: ChildProcess,
) {
  const before = server ? cpuMs(server) : 0;
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${url}: ${bad} failed requests`);
  const cpu = server ? cpuMs(server) - before : 0;
  return {
    reqPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    cpuUsPerRequest: result.requests.total ? (cpu * 1000) / result.requests.total : 0,
  };
}
type Run = Awaited<ReturnType<typeof load>>;

/** A local OTLP/HTTP receiver: answers each export at once, counts exports, bytes and spans. */
async function startSink() {
  const got = { exports: 0, bytes: 0, spans: 0 };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      got.exports += 1;
      got.bytes += body.length;
      got.spans += body.split('"spanId"').length - 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { endpoint, got, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function started(env: Record<string, string>) {
  const portal: Started = await startPortal('.', env);
  // The server on core 1, the load (this process) and the sink on core 0.
  if (pinning) spawnSync('taskset', ['-a', '-cp', '1', String(portal.child.pid)]);
  const headers = await tokenHeaders(portal.base);
  for (const read of Object.values(PATHS)) {
    const answer = await fetch(`${portal.base}${read}`, { headers });
    if (!answer.ok) throw new Error(`${read} answered ${answer.status}`);
    await load(`${portal.base}${read}`, headers, WARM_SECONDS);
  }
  return { ...portal, headers };
}

const summary = (runs: Run[]) => ({
  reqPerSec: Math.round(median(runs.map((r) => r.reqPerSec))),
  p99Ms: median(runs.map((r) => r.p99Ms)),
  cpuUsPerRequest: +median(runs.map((r) => r.cpuUsPerRequest)).toFixed(1),
});

async function main() {
  if (pinning) spawnSync('taskset', ['-a', '-cp', '0', String(process.pid)]);
  if (!process.env.BENCH_SKIP_BUILD) {
    const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.server.json'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('server build failed');
  }
  const sink = await startSink();
  const servers: Started[] = [];
  try {
    const off = await started({});
    servers.push(off);
    const on = await started({
      OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint,
      OTEL_SERVICE_NAME: 'bench',
    });
    servers.push(on);
    const runs: Record<'off' | 'on', Record<Read, Run[]>> = {
      off: { cached: [], store: [] },
      on: { cached: [], store: [] },
    };
    const before = { ...sink.got };
    for (let round = 0; round < ROUNDS; round += 1) {
      // The order turns each round, so neither always gets the quieter moment.
      const order = round % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const);
      for (const read of Object.keys(PATHS) as Read[]) {
        for (const which of order) {
          const portal = which === 'on' ? on : off;
          runs[which][read].push(
            await load(`${portal.base}${PATHS[read]}`, portal.headers, ROUND_SECONDS, portal.child),
          );
        }
      }
    }
    // What the batches waiting in the server reach the sink with (5 s, the SDK's default delay).
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const measured = Object.fromEntries(
      (Object.keys(PATHS) as Read[]).map((read) => {
        const o = summary(runs.off[read]);
        const n = summary(runs.on[read]);
        return [
          read,
          {
            path: PATHS[read],
            off: o,
            on: n,
            // On against off, round by round, then the median: above 1 costs more.
            cpuRatio: +median(
              runs.on[read].map((r, i) => r.cpuUsPerRequest / runs.off[read][i]!.cpuUsPerRequest),
            ).toFixed(2),
            throughputRatio: +median(
              runs.on[read].map((r, i) => r.reqPerSec / runs.off[read][i]!.reqPerSec),
            ).toFixed(2),
          },
        ];
      }),
    );
    const tracedRequests = Object.values(runs.on)
      .flat()
      .reduce((sum, r) => sum + r.reqPerSec * ROUND_SECONDS, 0);
    const report = {
      measuredAt: new Date().toISOString(),
      setup: {
        connections: CONNECTIONS,
        rounds: `${ROUNDS} rounds of ${ROUND_SECONDS} s per read, off and on alternating; medians`,
        pinned: pinning ? 'servers core 1, load and sink core 0' : 'not pinned (no taskset)',
        store: 'SQLite',
        exporter: 'OTLP/HTTP JSON to a local sink; BatchSpanProcessor defaults',
      },
      ...measured,
      sink: {
        exports: sink.got.exports - before.exports,
        spans: sink.got.spans - before.spans,
        // Spans the sink got per traced request: below the spans a request makes, the SDK's queue
        // (2,048 spans) was full and it dropped the rest, as it does in production.
        spansPerTracedRequest: +((sink.got.spans - before.spans) / tracedRequests).toFixed(2),
        megabytes: +((sink.got.bytes - before.bytes) / 1e6).toFixed(1),
      },
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/tracing.json', `${JSON.stringify(report, null, 2)}\n`);
    console.log(JSON.stringify(report, null, 2));
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    await sink.close();
  }
}

main().then(
  // autocannon's sockets to the stopped servers would otherwise try again after the report.
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

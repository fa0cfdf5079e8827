// What each production feature costs the cached integration read: copies of the built server
// (dist/server) with one feature taken out by editing the copy's JavaScript, each measured as CPU time
// per request against the full build and bare Fastify, alternating, in the same run. A measurement aid
// for bench/api.bench.ts's ratio (`npm run bench:api -- --ablation` is not a thing: run
// `npx tsx bench/api-ablation.ts` after `npx tsc -p tsconfig.server.json`). Never edits dist itself.
import { tokenHeaders } from './lib/servers.js';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
const CACHED = '/api/integrations/finti/holds';
/** The build measured: this worktree's, or another's (BENCH_PORTAL_DIR), as in api.bench.ts. */
const SOURCE = path.resolve(process.env.BENCH_PORTAL_DIR ?? '.');

/** One edit of one built file: the text must be found, so a changed build fails loudly. */
type Edit = { file: string; find: string; replace: string };
const VARIANTS: Record<string, Edit[]> = {
  full: [],
  'no rate limit': [
    { file: 'app.js', find: 'await app.register(rateLimit, config.rateLimit);', replace: '' },
  ],
  'no metrics': [
    {
      file: 'plugins/metrics.js',
      find: "app.addHook('onResponse',",
      replace: "void ('onResponse',",
    },
  ],
  'no security headers': [
    {
      file: 'plugins/security.js',
      find: 'reply.headers(isApiPath(request.url) ? api : headers);',
      replace: '',
    },
  ],
  'no request-id header': [
    {
      file: 'plugins/security.js',
      find: 'reply.header(REQUEST_ID_HEADER, request.id);',
      replace: '',
    },
  ],
  'no logger': [
    {
      file: 'app.js',
      find: 'logger: withRedaction(options.logger ?? { level: config.logLevel }),',
      replace: 'logger: false,',
    },
  ],
};
VARIANTS['none of these'] = Object.entries(VARIANTS)
  .filter(([name]) => name !== 'full')
  .flatMap(([, edits]) => edits);

/** BENCH_BEFORE_DIR: another build (the commit before a change), measured whole as one more variant. */
const BEFORE = process.env.BENCH_BEFORE_DIR && path.resolve(process.env.BENCH_BEFORE_DIR);

function variantDir(name: string, edits: Edit[], source = SOURCE): string {
  const dir = mkdtempSync(path.join(tmpdir(), `portal-ablation-`));
  mkdirSync(path.join(dir, 'dist'));
  cpSync(path.join(source, 'dist/server'), path.join(dir, 'dist/server'), { recursive: true });
  cpSync(path.join(source, 'dist/contract'), path.join(dir, 'dist/contract'), { recursive: true });
  cpSync(path.join(source, 'package.json'), path.join(dir, 'package.json'));
  symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  for (const edit of edits) {
    const file = path.join(dir, 'dist/server', edit.file);
    const text = readFileSync(file, 'utf8');
    if (!text.includes(edit.find)) throw new Error(`${name}: "${edit.find}" not in ${edit.file}`);
    writeFileSync(file, text.replace(edit.find, edit.replace));
  }
  return dir;
}

const pinning = spawnSync('taskset', ['-V']).status === 0;
const onCore = (cmd: string[]) => (pinning ? ['taskset', '-c', '1', ...cmd] : cmd);

function start(cmd: string[], env: Record<string, string>, pattern: RegExp) {
  const [bin, ...args] = cmd;
  const child = spawn(bin!, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
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

function cpuMs(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function measure(url: string, child: ChildProcess, headers: Record<string, string> = {}) {
  const before = cpuMs(child);
  const result = await autocannon({ url, headers, connections: 50, duration: ROUND_SECONDS });
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${url} failed`);
  return {
    reqPerSec: result.requests.average,
    cpuUs: ((cpuMs(child) - before) * 1000) / result.requests.total,
  };
}

async function main() {
  if (pinning) spawnSync('taskset', ['-a', '-cp', '0', String(process.pid)]);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-ablation-data-'));
  const env = {
    NODE_ENV: 'production',
    DEMO_SIGN_IN: '1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    CLIENT_DIR: path.join(SOURCE, 'dist/client'),
    RATE_LIMIT_API_PER_MINUTE: '100000000',
    DATABASE_URL: '',
    DATA_DIR: dataDir,
  };
  const serverOf = (dir: string) => path.join(dir, 'dist/server/server.js');
  // The first start creates and seeds the store; every variant then starts on it.
  const first = start(['node', serverOf(SOURCE)], env, /serving (\S+?)\/? /);
  await first.address;
  first.child.kill('SIGTERM');
  await new Promise((resolve) => first.child.once('exit', resolve));

  const bare = start(onCore(['node', 'bench/bare-server.mjs']), {}, /listening (\S+)/);
  const variants = [];
  // BENCH_VARIANTS: a comma-separated choice of the variants above (`full` alone, with
  // BENCH_BEFORE_DIR, is a before-and-after of one change).
  const chosen = process.env.BENCH_VARIANTS?.split(',');
  const dirs = Object.entries(VARIANTS)
    .filter(([name]) => !chosen || chosen.includes(name))
    .map(([name, edits]) => ({
      name,
      dir: variantDir(name, edits),
    }));
  if (BEFORE) dirs.push({ name: 'full, before', dir: variantDir('full, before', [], BEFORE) });
  for (const { name, dir } of dirs) {
    const server = start(onCore(['node', serverOf(dir)]), env, /serving (\S+?)\/? /);
    const base = await server.address;
    const headers = await tokenHeaders(base);
    for (let i = 0; i < 20; i += 1) await fetch(`${base}${CACHED}`, { headers });
    variants.push({ name, server, base, headers, cpuUs: [] as number[], ratio: [] as number[] });
  }
  const bareBase = await bare.address;
  const bareCpu: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const bareRun = await measure(`${bareBase}/json`, bare.child);
      bareCpu.push(bareRun.cpuUs);
      const order = round % 2 ? [...variants].reverse() : variants;
      for (const v of order) {
        const run = await measure(`${v.base}${CACHED}`, v.server.child, v.headers);
        v.cpuUs.push(run.cpuUs);
        v.ratio.push(run.reqPerSec / bareRun.reqPerSec);
      }
    }
    const full = median(variants[0]!.cpuUs);
    const report = {
      measuredAt: new Date().toISOString(),
      setup: `${ROUNDS} rounds of ${ROUND_SECONDS} s per variant, 50 connections, ${pinning ? 'server core 1, load core 0' : 'not pinned'}; medians`,
      bareCpuUsPerRequest: +median(bareCpu).toFixed(1),
      variants: variants.map((v) => ({
        variant: v.name,
        cpuUsPerRequest: +median(v.cpuUs).toFixed(1),
        savedUsPerRequest: +(full - median(v.cpuUs)).toFixed(1),
        reqPerSecToBare: +median(v.ratio).toFixed(2),
        cpuToBare: +(median(bareCpu) / median(v.cpuUs)).toFixed(2),
      })),
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/api-ablation.json', `${JSON.stringify(report, null, 2)}\n`);
    console.log(report);
  } finally {
    bare.child.kill('SIGTERM');
    for (const v of variants) v.server.child.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

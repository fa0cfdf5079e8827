// A CPU profile of the built server under bench:api's cached read: the server started as
// api.bench.ts starts it (a first start seeds the store), signed in as the student, the cache warmed,
// autocannon on the read for BENCH_SECONDS, then the server ended so V8 writes its profile. Prints
// self and total time by function, and self time by file, each as µs per request. A measurement aid
// for bench/api.bench.ts: run `npx tsx bench/api-profile.ts [path]` after
// `npx tsc -p tsconfig.server.json`; the raw profile stays in the temp folder (open it in DevTools).
import { tokenHeaders } from './lib/servers.js';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

const PATH = process.argv[2] ?? '/api/integrations/finti/holds';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TOP = Number(process.env.PROFILE_TOP ?? 40);

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-profile-'));
const profileDir = mkdtempSync(path.join(tmpdir(), 'portal-cpuprof-'));

function startPortal(flags: string[]) {
  const child = spawn('node', [...SERVER_NODE_FLAGS, ...flags, 'dist/server/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_SIGN_IN: '1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: 'dist/client',
      RATE_LIMIT_API_PER_MINUTE: '100000000',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /serving (\S+?)\/? /.exec(out);
      if (found?.[1]) resolve(found[1].replace('localhost', '127.0.0.1'));
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { child, base };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(`${process.cwd()}/`, '')
    .replace(/^.*node_modules\//, '');

/** Only the samples taken while the load ran count (V8's clock and hrtime are both monotonic). */
function summarise(profile: Profile, requests: number, from: number, to: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const byFile = new Map<string, number>();
  let all = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    if (at < from || at > to) return;
    const leaf = byId.get(id)!;
    // Idle time is not the server's CPU.
    if (leaf.callFrame.functionName === '(idle)') return;
    all += us;
    self.set(label(leaf), (self.get(label(leaf)) ?? 0) + us);
    const file = shortUrl(leaf.callFrame.url) || leaf.callFrame.functionName;
    byFile.set(file, (byFile.get(file) ?? 0) + us);
    // Each function counts once a sample however often it recurs on the stack.
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const name = label(byId.get(node)!);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + us);
    }
  });
  const table = (title: string, map: Map<string, number>) => {
    console.log(`\n${title} (µs per request)`);
    for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP))
      console.log(`${(us / requests).toFixed(2).padStart(8)}  ${name}`);
  };
  console.log(
    `profiled ${(all / 1e6).toFixed(1)} s, ${(all / requests).toFixed(1)} µs per request`,
  );
  table('self time by function', self);
  table('total time by function', total);
  table('self time by file', byFile);
}

const first = startPortal([]);
await first.base;
await stop(first.child);
const portal = startPortal(['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
const base = await portal.base;
const headers = await tokenHeaders(base);
for (let i = 0; i < 3; i += 1) await fetch(`${base}${PATH}`, { headers });
const from = Number(process.hrtime.bigint() / 1000n);
const result = await autocannon({
  url: `${base}${PATH}`,
  headers,
  connections: 50,
  duration: SECONDS,
});
const to = Number(process.hrtime.bigint() / 1000n);
const bad = result.non2xx + result.errors + result.timeouts;
if (bad > 0) console.warn(`${bad} failed requests`);
await stop(portal.child);
const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile was written in ${profileDir}`);
console.log(`raw profile: ${path.join(profileDir, file)}; ${result.requests.total} requests`);
summarise(
  JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as Profile,
  result.requests.total,
  from,
  to,
);

// Issue 71's first start, reproduced with real processes: PAIRS pairs (10 by default) of servers
// started at once on one empty PostgreSQL database each, while LOAD threads keep cores busy (1 by
// default). A pair passes when both processes listen and the sample posts are there exactly once.
// Not a *.bench.ts (it needs PostgreSQL): `DATABASE_URL=postgres://… npx tsx bench/first-start.ts`.
// Runs the server's source through tsx, or the build with BUILT=1 (`npm run build` first).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const admin = process.env.DATABASE_URL;
if (!admin) throw new Error('Set DATABASE_URL to a PostgreSQL server (its database is not used).');
const PAIRS = Number(process.env.PAIRS ?? 10);
const LOAD = Number(process.env.LOAD ?? 1);
const root = path.resolve(import.meta.dirname, '..');
// The project's own Node.js (the machine's may be older than the server accepts).
const local = path.join(root, 'node_modules/.bin/node');
const node = existsSync(local) ? local : process.execPath;
const entry =
  process.env.BUILT === '1' ? ['dist/server/server.js'] : ['--import', 'tsx', 'server/server.ts'];

async function query(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows }: { rows: unknown[] } = await client.query(text);
    return rows;
  } finally {
    await client.end();
  }
}

/** One server process; resolves when it listens (true) or exits or takes 120 s (false). */
function startServer(url: string, port: number, dataDir: string) {
  const child = spawn(node, entry, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: url,
      PORT: String(port),
      DATA_DIR: dataDir,
      CLIENT_DIR: '/nonexistent-client-dir',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server listening')) {
        clearTimeout(timer);
        resolve(true);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  return { child, listening, output: () => output };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const load = Array.from({ length: LOAD }, () =>
  spawn(node, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const results: Array<{ pair: number; started: number; posts: number; slugs: number }> = [];
try {
  for (let pair = 1; pair <= PAIRS; pair += 1) {
    const name = `first_start_${randomBytes(5).toString('hex')}`;
    await query(admin, `CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const dir = mkdtempSync(path.join(tmpdir(), 'first-start-'));
    const servers = [1, 2].map((n) =>
      startServer(url.toString(), 19_000 + pair * 2 + n, path.join(dir, `d${n}`)),
    );
    const started = (await Promise.all(servers.map((s) => s.listening))).filter(Boolean).length;
    const [counts] = (await query(
      url.toString(),
      'SELECT count(*)::int AS posts, count(DISTINCT slug)::int AS slugs FROM content_posts',
    ).catch(() => [{ posts: 0, slugs: 0 }])) as Array<{ posts: number; slugs: number }>;
    results.push({ pair, started, posts: counts?.posts ?? 0, slugs: counts?.slugs ?? 0 });
    console.log(JSON.stringify(results.at(-1)));
    if (started < 2) for (const s of servers) console.log(s.output().slice(-2_000));
    await Promise.all(servers.map((s) => stop(s.child)));
    await query(admin, `DROP DATABASE ${name}`);
    rmSync(dir, { recursive: true, force: true });
  }
} finally {
  for (const child of load) child.kill('SIGKILL');
}
const passed = results.filter((r) => r.started === 2 && r.posts > 0 && r.posts === r.slugs);
console.log(`${passed.length} of ${PAIRS} pairs both started with the samples once (${LOAD} busy)`);
process.exitCode = passed.length === PAIRS ? 0 : 1;

// Start-up to ready: the built server spawned as npm start runs it (V8's flags of
// scripts/server-flags.mjs, a compile cache), timed from the spawn to the first 200 from /readyz.
// Each round times a first start (an empty data folder: the store is created, migrated and seeded)
// and a second start on the store it left, as every later process of a deployment starts.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TIMEOUT_MS = 60_000;
const TARGET_MS = 1_000;
/** BENCH_PORTAL_DIR: another build of the portal (a baseline worktree) measured the same way. */
const PORTAL_DIR = process.env.BENCH_PORTAL_DIR ?? '.';

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Spawns the server on `dataDir` and answers the ms until /readyz answered 200. */
async function timeStart(dataDir: string, compileCache: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('node', [...SERVER_NODE_FLAGS, 'dist/server/server.js'], {
    cwd: PORTAL_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_SIGN_IN: '1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      CLIENT_DIR: 'dist/client',
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      NODE_COMPILE_CACHE: compileCache,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // The start-up warnings (demo sign-in) are expected; they are shown only when the start fails.
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  try {
    while (performance.now() - started < TIMEOUT_MS) {
      if (exited) throw new Error(`the server exited before it was ready:\n${errors}`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (ready) return Math.round(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`not ready within ${TIMEOUT_MS} ms:\n${errors}`);
  } finally {
    await stop(child);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const summary = (ms: number[]) => ({ medianMs: median(ms), worstMs: Math.max(...ms), runsMs: ms });

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'portal-startup-'));
  const compileCache = path.join(work, 'compile-cache');
  const loadBefore = loadavg().map((v) => +v.toFixed(2));
  try {
    // One start, not timed, fills the compile cache as a deployment's first start does.
    await timeStart(path.join(work, 'warm'), compileCache);
    const first: number[] = [];
    const second: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const dataDir = path.join(work, `round-${round}`);
      first.push(await timeStart(dataDir, compileCache));
      second.push(await timeStart(dataDir, compileCache));
    }
    const report = {
      measuredAt: new Date().toISOString(),
      node: process.version,
      setup: {
        rounds: ROUNDS,
        flags: SERVER_NODE_FLAGS,
        portal: PORTAL_DIR,
        what: 'spawn of dist/server/server.js (SQLite, in-process cache, sample SIS, demo sign-in) to the first 200 from /readyz; compile cache warmed by one untimed start',
      },
      loadAverage: { before: loadBefore, after: loadavg().map((v) => +v.toFixed(2)) },
      secondStart: summary(second),
      firstStart: summary(first),
      targets: { secondStartMedianAtMost1s: median(second) <= TARGET_MS },
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/startup.json', `${JSON.stringify(report, null, 2)}\n`);
    console.log(report);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

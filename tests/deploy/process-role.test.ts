import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

/**
 * Issue 90: one setting chooses a process's role. The real server (server/server.ts) on a store of its
 * own: `--migrate` migrates and exits; a `web` process answers requests and runs no scheduled work
 * (the first reminder round, 2 s after an `all` process is ready, records the demo's sample student
 * and plans its reminders); an `all` process runs it.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-role-'));

interface Run {
  code: number | null;
  output: string;
}

/** The build `npm test` makes before Vitest, else the source through tsx (slower to start). */
const entry = existsSync('dist/server/server.js')
  ? ['dist/server/server.js']
  : ['--import', 'tsx', 'server/server.ts'];

/**
 * Runs the server with `args` until `until` is in its output (then SIGTERM after `afterMs`) or it
 * exits; killed after 60 s whatever it does.
 */
function server(
  args: string[],
  env: Record<string, string>,
  until?: RegExp,
  afterMs = 0,
  onChild: (child: ChildProcess) => void = () => undefined,
) {
  return new Promise<Run>((resolve) => {
    const child = spawn(process.execPath, [...entry, ...args], {
      // The machine's own settings left out (CI's DATABASE_URL, REDIS_URL): SQLite in its own folder.
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        DEMO_SIGN_IN: '1',
        CLIENT_DIR: '/nonexistent-client-dir',
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'info',
        ...env,
      },
    });
    onChild(child);
    const limit = setTimeout(() => child.kill('SIGKILL'), 60_000);
    let output = '';
    let stopping = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (until && !stopping && until.test(output)) {
        stopping = true;
        setTimeout(() => child.kill('SIGTERM'), afterMs);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(limit);
      resolve({ code, output });
    });
  });
}

const counts = () => {
  const db = new Database(path.join(dataDir, 'portal.sqlite'), { readonly: true });
  try {
    const count = (table: string) =>
      (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return { users: count('users'), jobs: count('notify_jobs') };
  } finally {
    db.close();
  }
};

describe('PROCESS_ROLE and --migrate', () => {
  it('--migrate applies the migrations under the start lock and exits without serving', async () => {
    const run = await server(['--migrate'], {});
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/"msg":"migration applied"/);
    expect(run.output).toMatch(/migrated: exiting/);
    expect(run.output).not.toMatch(/is serving/);
  }, 90_000);

  it('a web process serves, and in 4 s runs no scheduled work: no reminder round, no job planned', async () => {
    const run = await server([], { PROCESS_ROLE: 'web' }, /is serving/, 4_000);
    expect(run.output).toMatch(/role: +web: answers requests; no scheduled work/);
    expect(run.output).not.toMatch(/"msg":"migration applied"/);
    expect(run.output).not.toMatch(/planned reminders/);
    expect(counts()).toEqual({ users: 0, jobs: 0 });
  }, 90_000);

  it('an all process runs the reminder round on the same store', async () => {
    const run = await server([], { PROCESS_ROLE: 'all' }, /planned reminders/);
    expect(run.output).toMatch(/role: +all:/);
    expect(counts().jobs).toBeGreaterThan(0);
  }, 90_000);

  it('SIGTERM during a stream of requests: /readyz turns 503 at once and no request under way fails', async () => {
    let child: ChildProcess | undefined;
    let origin = '';
    const serving = /is serving (http:\/\/localhost:\d+)\//;
    // The streams send as fast as the machine answers: on a quick one, more than the default 600 a
    // minute of one address, which is not what this measures.
    const env = { PROCESS_ROLE: 'web', RATE_LIMIT_API_PER_MINUTE: '100000' };
    const exited = server([], env, undefined, 0, (c) => {
      child = c;
      let out = '';
      c.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        origin ||= serving.exec(out)?.[1] ?? '';
      });
    });
    await expect.poll(() => origin, { timeout: 60_000 }).not.toBe('');
    // Eight streams of reads, each starting its next as its last is answered.
    let signalled = false;
    const beforeSignal: Promise<number>[] = [];
    const streams = Array.from({ length: 8 }, async () => {
      while (!signalled) {
        const answer = fetch(`${origin}/api/campus`).then((r) => r.status);
        beforeSignal.push(answer);
        await answer;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = Date.now();
    child!.kill('SIGTERM');
    signalled = true;
    let notReady = 0;
    while (Date.now() - sent < 2_000) {
      const status = await fetch(`${origin}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 503) {
        notReady = Date.now() - sent;
        break;
      }
    }
    await Promise.all(streams);
    const statuses = await Promise.all(beforeSignal);
    expect(notReady).toBeGreaterThan(0);
    expect(notReady).toBeLessThan(1_000);
    expect(statuses.length).toBeGreaterThan(8);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const run = await exited;
    expect(run.output).toMatch(/drained: exiting/);
  }, 90_000);
});

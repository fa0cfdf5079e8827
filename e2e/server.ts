// Every journey file gets a portal server and a store of its own: the built server
// (`node dist/server/server.js`) on a free port, a fresh data folder, and, when DATABASE_URL is set, a
// PostgreSQL database made for the file and dropped after it; Redis keys under a prefix of their own.
// So journeys run in any order, and a retried one meets a server as fresh as the first try did.
// A file's store is a copy of the one the run's first server migrated and seeded
// (`store-template.ts`, Playwright's global setup), so each file's server starts as every start after
// a deployment's first does; a file that is about the first start itself asks for an empty store
// (`test.use({ emptyStore: true })`), as do the servers a file starts with settings of its own.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from './drawn-page.js';
import pg from 'pg';
import { z } from 'zod';

export interface FileServer {
  url: string;
  stop: () => Promise<void>;
}

/** A port nothing listens on now (the system's choice). */
async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The store the run's first server migrated and seeded: its data folder and database's name. */
const StoreTemplate = z.object({ dataDir: z.string(), database: z.string().nullable() });
export type StoreTemplate = z.infer<typeof StoreTemplate>;

/** Where the global setup leaves the template (an environment variable the workers inherit). */
export const TEMPLATE_VARIABLE = 'E2E_STORE_TEMPLATE';

function storeTemplate(): StoreTemplate | null {
  const value = process.env[TEMPLATE_VARIABLE];
  return value ? StoreTemplate.parse(JSON.parse(value)) : null;
}

/**
 * A database of its own on the server DATABASE_URL names, empty or a copy of `template`; answers its
 * name, its address and how to drop it.
 */
async function databaseFor(
  label: string,
  template: string | null = null,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const admin = process.env.DATABASE_URL ?? '';
  const name = `portal_e2e_${label.replace(/[^a-z0-9]+/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function waitUntilReady(url: string, child: ChildProcess, errors: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the portal server exited (${child.exitCode}): ${errors.join('')}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the portal server did not become ready within 60 s: ${errors.join('')}`);
}

/** A file's store: a data folder and, with DATABASE_URL, a database; a copy of `template`'s if given. */
async function storeFor(label: string, template: StoreTemplate | null) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  if (template) cpSync(template.dataDir, dataDir, { recursive: true });
  const database = process.env.DATABASE_URL
    ? await databaseFor(label, template?.database ?? null)
    : null;
  return { dataDir, database };
}

/**
 * Starts the built server with the journeys' settings and `env` on top (or what `env` makes of the
 * server's own address), on an empty store or a copy of `template`; resolves once it is ready.
 * `keepStore` leaves the store in place when the server stops (the global setup's template).
 */
export async function startFileServer(
  label: string,
  env: Record<string, string> | ((url: string) => Record<string, string>) = {},
  {
    template = null,
    keepStore = false,
  }: { template?: StoreTemplate | null; keepStore?: boolean } = {},
): Promise<FileServer & { store: StoreTemplate }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const ownEnv = typeof env === 'function' ? env(url) : env;
  const { dataDir, database } = await storeFor(label, template);
  const errors: string[] = [];
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      REDIS_URL: process.env.REDIS_URL ?? '',
      // User ids of one file's store must not meet another file's cached answers.
      REDIS_KEY_PREFIX: `portal-e2e:${randomBytes(6).toString('hex')}:`,
      // The journeys sign in far more often than 20 times a minute from one address.
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
      // The journeys check what a search finds, not its time budget (tests/server/search does):
      // a loaded CI machine must not cut a search short.
      SEARCH_BUDGET_MS: '5000',
      // A file's server stops when the file ends, with nothing under way: no draining second
      // (server.ts), about a second saved per file. The template's server closes as a deployment's.
      ...(keepStore ? {} : { SHUTDOWN_GRACE_SECONDS: '0' }),
      ...ownEnv,
    },
  });
  // The server's errors (pino level 50 and up) beside the journeys' own output: a failing journey's
  // cause on the server side is then in the log.
  child.stdout?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (/"level":(5|6)\d/.test(line)) process.stderr.write(`[portal ${label}] ${line}\n`);
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    errors.push(chunk.toString());
    process.stderr.write(chunk);
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    if (keepStore) return;
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, child, errors);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop, store: { dataDir, database: database?.name ?? null } };
}

/** The server of the file now running in this worker; the next file's first test replaces it. */
let current: { file: string; server: FileServer } | null = null;

async function serverFor(file: string, emptyStore: boolean, undrawn: boolean): Promise<FileServer> {
  if (current?.file === file) return current.server;
  await current?.server.stop();
  current = null;
  const server = await startFileServer(
    path.basename(file, '.spec.ts'),
    undrawn ? { SERVER_RENDER: 'off' } : {},
    {
      template: emptyStore ? null : storeTemplate(),
    },
  );
  current = { file, server };
  return server;
}

export const test = base.extend<
  object,
  { fileServers: void; emptyStore: boolean; undrawn: boolean }
>({
  // A file about a server's first start on an empty store sets it: `test.use({ emptyStore: true })`.
  emptyStore: [false, { scope: 'worker', option: true }],
  // A file about the pages the browser draws itself (the requests of their first load) sets it,
  // whatever SERVER_RENDER the run has: `test.use({ undrawn: true })`.
  undrawn: [false, { scope: 'worker', option: true }],
  // Stops the last file's server when the worker ends.
  fileServers: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use();
      await current?.server.stop();
      current = null;
    },
    { scope: 'worker', auto: true },
  ],
  // The first test of a file waits for its server: the time counts apart from the test's own.
  baseURL: [
    async ({ emptyStore, undrawn }, use, testInfo) => {
      await use((await serverFor(testInfo.file, emptyStore, undrawn)).url);
    },
    { scope: 'test', timeout: 60_000 },
  ],
});

export { expect } from '@playwright/test';

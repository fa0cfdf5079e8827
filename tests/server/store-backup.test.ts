import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../../server/db/database.js';

const STORE = 'portal.sqlite';
const temp = () => mkdtempSync(path.join(tmpdir(), 'portal-backup-'));

/**
 * The command `npm run backup` / `npm run restore` runs (its built copy), here under tsx; not
 * spawnSync, which would stop this process from reading the writer's confirmations meanwhile.
 */
function storeCommand(command: 'backup' | 'restore', file: string, dataDir: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/store-backup.ts', command, file],
    {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (status) => resolve({ status, stdout, stderr })),
  );
}

/**
 * Another process writing the store as the server does (WAL, one transaction per write), printing
 * each write's number once it is committed: what it printed is confirmed.
 */
const writerScript = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.pragma('journal_mode = WAL');
db.pragma('busy_timeout = 5000');
const insert = db.prepare("INSERT INTO audit_log (at, action, detail) VALUES (?, 'load', ?)");
let n = 0;
setInterval(() => {
  for (let i = 0; i < 5; i++) {
    n += 1;
    insert.run(new Date().toISOString(), JSON.stringify({ n }));
    process.stdout.write(n + '\\n');
  }
}, 2);
`;

function startWriter(file: string): { child: ChildProcess; confirmed: () => number } {
  const child = spawn(process.execPath, ['-e', writerScript, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let last = 0;
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) last = Math.max(last, Number(line));
  });
  return { child, confirmed: () => last };
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
};

let writer: ChildProcess | undefined;
afterAll(() => void writer?.kill());

describe('npm run backup and npm run restore (SQLite)', { timeout: 120_000 }, () => {
  it('a backup taken while another process writes restores into a new data folder with every write confirmed before it began, and no gap', async () => {
    const dataDir = temp();
    const store = await openDatabase({ dataDir });
    await store.close();
    // Enough pages (about 20 MB) that the copy takes a while, with writes landing as it runs.
    const fill = new SqliteDatabase(path.join(dataDir, STORE));
    const insert = fill.prepare("INSERT INTO audit_log (at, action, detail) VALUES (?, 'fill', ?)");
    fill.transaction(() => {
      for (let i = 0; i < 20_000; i++) insert.run(new Date().toISOString(), 'x'.repeat(1000));
    })();
    fill.close();

    const load = startWriter(path.join(dataDir, STORE));
    writer = load.child;
    await until(() => load.confirmed() >= 200);
    const confirmedBefore = load.confirmed();
    const file = path.join(temp(), 'portal-backup.sqlite');
    const backedUp = await storeCommand('backup', file, dataDir);
    const confirmedAfter = load.confirmed();
    load.child.kill();

    expect(backedUp.stderr).toBe('');
    expect(backedUp.status).toBe(0);
    expect(backedUp.stdout).toContain(`to ${file}`);
    expect(confirmedAfter).toBeGreaterThan(confirmedBefore);

    const newDataDir = path.join(temp(), 'data');
    const restored = await storeCommand('restore', file, newDataDir);
    expect(restored.status).toBe(0);

    const database = await openDatabase({ dataDir: newDataDir });
    const rows = await database.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'load')
      .execute();
    const fills = await database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '=', 'fill')
      .executeTakeFirstOrThrow();
    await database.close();
    const numbers = rows
      .map((row) => z.object({ n: z.number() }).parse(JSON.parse(row.detail)).n)
      .sort((a, b) => a - b);

    expect(Number(fills.n)).toBe(20_000);
    expect(numbers.length).toBeGreaterThanOrEqual(confirmedBefore);
    // One moment of the store: writes 1..k, none missing in between.
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  });

  it('writes the backup and the restored store readable by their owner only (0600), whatever the umask', async () => {
    const dataDir = temp();
    await (await openDatabase({ dataDir })).close();
    const file = path.join(temp(), 'copy.sqlite');
    const previous = process.umask(0o022);
    try {
      expect((await storeCommand('backup', file, dataDir)).status).toBe(0);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const restored = path.join(temp(), 'restored');
      expect((await storeCommand('restore', file, restored)).status).toBe(0);
      expect(statSync(path.join(restored, STORE)).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it('refuses to restore over a data folder that has a store, and to back up over an existing file', async () => {
    const dataDir = temp();
    await (await openDatabase({ dataDir })).close();
    const file = path.join(temp(), 'copy.sqlite');
    expect((await storeCommand('backup', file, dataDir)).status).toBe(0);

    const over = await storeCommand('restore', file, dataDir);
    expect(over.status).toBe(1);
    expect(over.stderr).toContain('Restore into a new data folder');
    const again = await storeCommand('backup', file, dataDir);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('exists: choose a new file');
  });

  it('refuses to restore a file that is not a portal store', async () => {
    const file = path.join(temp(), 'other.sqlite');
    const other = new SqliteDatabase(file);
    other.exec('CREATE TABLE t (x)');
    other.close();
    const result = await storeCommand('restore', file, path.join(temp(), 'data'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is not a Campus Portal store');
  });

  it('says plainly that a backup file to restore does not exist', async () => {
    const missing = path.join(temp(), 'no-such-backup.sqlite');
    const result = await storeCommand('restore', missing, path.join(temp(), 'data'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`There is no backup at ${missing}.`);
    expect(result.stderr).not.toContain('SqliteError');
  });
});

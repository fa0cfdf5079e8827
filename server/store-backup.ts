import './supported-node.js';
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { ConfigError, loadConfig } from './config.js';

/** The store's file in `DATA_DIR`, as `openDatabase` names it. */
const STORE_FILE = 'portal.sqlite';

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Opens a SQLite file and checks it is a whole portal store: intact, and migrated at least once. */
function checkStore(file: string): { migrations: number } {
  if (!existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  let db: InstanceType<typeof SqliteDatabase>;
  try {
    db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened as a SQLite store: ${String(error)}`);
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`${file} is damaged: ${String(integrity)}`);
    const table = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'")
      .get();
    if (!table) throw new BackupError(`${file} is not a Campus Portal store (no migrations table)`);
    const row: unknown = db.prepare('SELECT count(*) AS n FROM kysely_migration').get();
    const migrations =
      typeof row === 'object' && row !== null && 'n' in row && typeof row.n === 'number'
        ? row.n
        : 0;
    return { migrations };
  } finally {
    db.close();
  }
}

/**
 * Copies `source` to `target` with SQLite's online backup. After a first step the rest is copied in
 * one step, under one read transaction: a write from the server between small steps would restart
 * the copy, under a steady load for ever. In WAL mode that read blocks no writer, and the copy is the
 * store as of one moment. Written beside the target and renamed, so a target is only ever whole.
 * Readable by its owner only (0600), from its first byte: it holds every person's data.
 */
async function copyStore(source: string, target: string): Promise<void> {
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  writeFileSync(partial, '', { mode: 0o600, flag: 'wx' });
  chmodSync(partial, 0o600);
  const db = new SqliteDatabase(source, { fileMustExist: true });
  try {
    await db.backup(partial, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  // One self-contained file: no -wal beside it to be forgotten when the copy is moved.
  const copy = new SqliteDatabase(partial);
  copy.pragma('journal_mode = DELETE');
  copy.close();
  checkStore(partial);
  renameSync(partial, target);
}

/** `npm run backup -- <file>`: a consistent copy of the running store's SQLite file. */
export async function backup(dataDir: string, target: string): Promise<{ migrations: number }> {
  const source = path.join(dataDir, STORE_FILE);
  if (!existsSync(source)) throw new BackupError(`There is no store at ${source}.`);
  if (existsSync(target)) throw new BackupError(`${target} exists: choose a new file.`);
  await copyStore(source, target);
  return checkStore(target);
}

/** `npm run restore -- <file>`: a backup becomes the store of a data folder that has none. */
export async function restore(dataDir: string, file: string): Promise<{ migrations: number }> {
  const target = path.join(dataDir, STORE_FILE);
  if (existsSync(target)) {
    throw new BackupError(
      `${target} exists. Restore into a new data folder (DATA_DIR), then point the server at it.`,
    );
  }
  const found = checkStore(file);
  mkdirSync(dataDir, { recursive: true });
  await copyStore(file, target);
  return found;
}

async function main(command: string | undefined, file: string | undefined) {
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new BackupError('Usage: npm run backup -- <file>   |   npm run restore -- <file>');
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore ' +
        '(pg_dump -Fc, pg_restore).',
    );
  }
  if (command === 'backup') {
    const { migrations } = await backup(config.dataDir, file);
    process.stdout.write(
      `Backed up ${path.join(config.dataDir, STORE_FILE)} to ${file} (${migrations} migrations).\n` +
        `Uploaded images are files: copy ${path.join(config.dataDir, 'media')} as well.\n`,
    );
  } else {
    const { migrations } = await restore(config.dataDir, file);
    process.stdout.write(
      `Restored ${file} (${migrations} migrations) into ${config.dataDir}. The server applies ` +
        'any newer migrations when it starts there.\n',
    );
  }
}

// Run as a command (`node dist/server/store-backup.js backup <file>`), not when a test imports it.
if (
  process.argv[1] &&
  import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href
) {
  main(process.argv[2], process.argv[3]).catch((err: unknown) => {
    const known = err instanceof BackupError || err instanceof ConfigError;
    process.stderr.write(
      `${known ? err.message : err instanceof Error ? err.stack : String(err)}\n`,
    );
    process.exit(1);
  });
}

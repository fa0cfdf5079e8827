import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { plainText } from '../plain-text.js';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { migrationsFor } from './migrations/index.js';
import { withStartLock } from './repositories/start-lock.js';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.js';
import { tracedDialect } from './traced-dialect.js';
import type { DatabaseSchema } from './schema.js';
import type { Dialect } from './dialect.js';

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  close: () => Promise<void>;
  /**
   * Told when a pooled connection fails on its own (a restart, a failover, `pg_terminate_backend`, an
   * idle timeout). The pool drops that connection and opens new ones when the database is back;
   * without a listener the error would end the process.
   */
  onConnectionError: (err: Error) => void;
  /** PostgreSQL's connection pool use (metrics); SQLite has no pool. */
  pool?: () => { total: number; idle: number; waiting: number };
  /**
   * SQLite only: the store's file (null in memory) and its connection, for the search, which reads
   * the file on a thread of its own (search/search-pool.ts). Everything else goes through `db`.
   */
  sqlite?: { file: string | null; connection: SqliteDatabase.Database };
}

/** What PostgreSQL calls the portal's connections (`pg_stat_activity.application_name`). */
export const APPLICATION_NAME = 'campus-portal';

export interface DatabaseOptions {
  /** PostgreSQL when set; otherwise SQLite. */
  url?: string | undefined;
  /** Folder of the SQLite file. */
  dataDir?: string;
  /** A SQLite file name, or ':memory:'. */
  sqliteFile?: string;
  /** PostgreSQL schema to work in (tests isolate themselves with one). */
  schema?: string;
  /** Told of each migration this start applies, when it is done: its name and how long it took. */
  onMigration?: (applied: { name: string; ms: number }) => void;
  /**
   * The start's last step, after the migrations: the sample seed (server/store-seed.ts). It runs under
   * the migrator's own lock, in one transaction (`underStartLock`), never inside a plugin's time limit.
   */
  seed?: StartStep;
  /**
   * Issue 90: a span for each query (traced-dialect.ts), when tracing is on. Off, the driver is
   * Kysely's own, untouched.
   */
  traced?: boolean;
}

/** A step of the store's start, given the connection that holds the start lock. */
export type StartStep = (db: Kysely<DatabaseSchema>, dialect: Dialect) => Promise<void>;

/** The migrations, each timed and reported to `onMigration` once it has run. */
function timedMigrations(dialect: Dialect, onMigration: DatabaseOptions['onMigration']) {
  const migrations = migrationsFor(dialect);
  if (!onMigration) return migrations;
  return Object.fromEntries(
    Object.entries(migrations).map(([name, migration]) => [
      name,
      {
        up: async (db: Kysely<unknown>) => {
          const began = performance.now();
          await migration.up(db);
          onMigration({ name, ms: Math.round(performance.now() - began) });
        },
      },
    ]),
  );
}

/**
 * The starts of each SQLite file under way in this process. They go one after another: the driver
 * waits for another connection's lock synchronously, so two starts of one process on one file would
 * wait on each other with the event loop stopped. Other processes wait on the file's own lock.
 */
const sqliteStarts = new Map<string, Promise<unknown>>();

/**
 * Opens the store, brings it up to the newest migration and, when given one, runs its seed under the
 * migrator's lock.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const file = options.sqliteFile ?? 'portal.sqlite';
  if (options.url || file === ':memory:') return startDatabase(options);
  return inTurn(path.resolve(options.dataDir ?? './data', file), () => startDatabase(options));
}

/** Runs `start` after the starts of the same SQLite file under way in this process. */
async function inTurn<T>(file: string, start: () => Promise<T>): Promise<T> {
  const started = (sqliteStarts.get(file) ?? Promise.resolve()).catch(() => undefined).then(start);
  sqliteStarts.set(file, started);
  try {
    return await started;
  } finally {
    if (sqliteStarts.get(file) === started) sqliteStarts.delete(file);
  }
}

async function startDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.url
    ? await openPostgres(options.url, options.schema, options.traced)
    : openSqlite(options);
  const migrator = new Migrator({
    db: database.db,
    provider: {
      getMigrations: async () => timedMigrations(database.dialect, options.onMigration),
    },
    // Features land from parallel branches: a store that ran a later-numbered migration first still takes
    // an earlier one that arrives afterwards.
    allowUnorderedMigrations: true,
    // Kysely looks for its bookkeeping tables in every schema; name ours so another schema's don't count.
    ...(options.url && options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await database.close();
    throw error instanceof Error ? error : new Error(String(error));
  }
  if (options.seed) {
    try {
      // Inside this file's turn already (openDatabase): straight under the lock.
      await lockedStep(database, options.seed, options.url ? options.schema : undefined);
    } catch (err) {
      await database.close();
      throw err;
    }
  }
  return database;
}

/**
 * Runs a start step under the lock the migrator takes, in one transaction (repositories/start-lock.ts
 * says how on each store). `schema`: the PostgreSQL schema the store was opened in, if any.
 */
export async function underStartLock(
  database: Database,
  step: StartStep,
  schema?: string,
): Promise<void> {
  const file = database.sqlite?.file;
  const run = () => lockedStep(database, step, schema);
  await (file ? inTurn(file, run) : run());
}

function lockedStep(database: Database, step: StartStep, schema?: string): Promise<void> {
  return withStartLock(database.db, database.dialect, (tx) => step(tx, database.dialect), schema);
}

function openSqlite(options: DatabaseOptions): Database {
  const file = options.sqliteFile ?? 'portal.sqlite';
  let filename = file;
  if (file !== ':memory:') {
    const dir = options.dataDir ?? './data';
    mkdirSync(dir, { recursive: true });
    filename = path.join(dir, file);
  }
  const sqlite = reusingStatements(new SqliteDatabase(filename));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // The search index's triggers reduce stored markup to text with it (migration 013-search); the
  // PostgreSQL store has the same function in SQL.
  // A space before every tag keeps the words of neighbouring cells and paragraphs apart.
  sqlite.function('portal_text', { deterministic: true }, (markup: unknown) =>
    plainText(typeof markup === 'string' ? markup.replace(/</g, ' <') : markup),
  );
  const dialect = new SqliteDialect({ database: sqlite });
  const db = new Kysely<DatabaseSchema>({
    dialect: options.traced ? tracedDialect(dialect, 'sqlite') : dialect,
  });
  return {
    db,
    dialect: 'sqlite',
    close: () => db.destroy(),
    onConnectionError: () => {},
    sqlite: { file: file === ':memory:' ? null : path.resolve(filename), connection: sqlite },
  };
}

/**
 * Kysely prepares every query anew; better-sqlite3 statements can be reused, and preparing is most of
 * the cost of a small query. Keeps the prepared statement of each distinct SQL text (bounded).
 */
function reusingStatements(sqlite: SqliteDatabase.Database): SqliteDatabase.Database {
  const prepare = sqlite.prepare.bind(sqlite);
  const statements = new Map<string, SqliteDatabase.Statement>();
  const cached = (source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      if (statements.size >= 1000) statements.clear();
      statement = prepare(source);
      statements.set(source, statement);
    }
    return statement;
  };
  return Object.assign(sqlite, { prepare: cached });
}

async function openPostgres(url: string, schema?: string, traced = false): Promise<Database> {
  // Loaded only when DATABASE_URL is set: the embedded SQLite default never needs the driver.
  const { default: pg } = await import('pg');
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
    } catch (err) {
      // Two starts creating it at once: the other one's CREATE won (unique_violation).
      if (!(err instanceof Error && 'code' in err && err.code === '23505')) throw err;
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    application_name: APPLICATION_NAME,
    // While the database is away a request fails in seconds (503) instead of waiting for ever.
    connectionTimeoutMillis: 3_000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const dialect = new OwnSchemaPostgresDialect({ pool });
  const db = new Kysely<DatabaseSchema>({
    dialect: traced ? tracedDialect(dialect, 'postgres') : dialect,
  });
  const database: Database = {
    db,
    dialect: 'postgres',
    close: () => db.destroy(),
    onConnectionError: () => {},
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
  // An idle pooled connection that fails is reported by the pool; one in use, by its client.
  pool.on('error', (err) => database.onConnectionError(err));
  pool.on('connect', (client) => client.on('error', (err) => database.onConnectionError(err)));
  return database;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01', // admin_shutdown: the server is restarting, or pg_terminate_backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: still starting
  '53300', // too_many_connections
]);

/**
 * Whether a failure means the database cannot be reached right now (rather than a bad query): the
 * request then answers 503 and the next one tries a fresh connection.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = 'code' in err && typeof err.code === 'string' ? err.code : '';
  if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
  return /Connection terminated|timeout exceeded when trying to connect|terminating connection|Client has encountered a connection error/i.test(
    err.message,
  );
}

/** Answers whether the store takes a query: the readiness check. */
export async function ping(database: Database): Promise<void> {
  await sql`select 1`.execute(database.db);
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe schema name: ${name}`);
  return `"${name}"`;
}

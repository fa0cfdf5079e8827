import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/** The major version of the Node.js running this process. */
export const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/**
 * The SQLite driver for this Node.js. better-sqlite3 12 wraps its objects in `node::ObjectWrap`,
 * which on Node 24 aborts the process (`Assertion failed: (env) != nullptr`) when the collector frees
 * a statement outside Node's own context; better-sqlite3 13 is built on Node-API and does not, but
 * needs Node 22 or later. Both have the same API (the types of `better-sqlite3`).
 */
export const SqliteDatabase = (
  NODE_MAJOR >= 22 ? require('better-sqlite3-napi') : require('better-sqlite3')
) as typeof BetterSqlite3;

/** Which driver package `SqliteDatabase` is. */
export const SQLITE_DRIVER = NODE_MAJOR >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

import SqliteDatabase from 'better-sqlite3';
import { scanSearch } from './search-scan.js';
import type { ScanAnswer } from './search-scan.js';
import type { ThreadTask } from './search-pool.js';

/** How many store files a search thread keeps a connection to (one in service; tests open many). */
const MAX_CONNECTIONS = 4;
const connections = new Map<string, SqliteDatabase.Database>();

/** A read-only connection of this thread's own to the store's file: searching never writes. */
function connectionTo(file: string): SqliteDatabase.Database {
  let db = connections.get(file);
  if (!db) {
    if (connections.size >= MAX_CONNECTIONS) {
      const [oldest, connection] = connections.entries().next().value!;
      connection.close();
      connections.delete(oldest);
    }
    db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    connections.set(file, db);
  }
  return db;
}

/** The search thread's task (search-pool.ts): one search statement on the store's file. */
export default function search(task: ThreadTask): ScanAnswer {
  if ('warm' in task) return { hits: [], partial: false };
  try {
    return scanSearch(connectionTo(task.file), task);
  } catch (err) {
    // The driver's error class does not cross the thread boundary whole: its message does.
    throw new Error(`search thread: ${err instanceof Error ? err.message : String(err)}`);
  }
}

import type BetterSqlite3 from 'better-sqlite3';
import { Piscina } from 'piscina';
import type { SqliteSearchScan } from '../db/repositories/search.repository.js';
import { scanSearch } from './search-scan.js';
import type { ScanAnswer, ScanTask } from './search-scan.js';

/**
 * Searches wait this long past their deadline for the thread before the answer goes out without the
 * store's matches (partial): a scan checks its deadline between matches, and the time before its
 * first one is bounded by the terms' limits, not checked.
 */
const GRACE_MS = 250;
/** Searches waiting for the thread past this many are answered at once, partial, without matches. */
const MAX_QUEUE = 32;
/**
 * The thread ends after this long without a search: an idle one holds its own heap and a copy of
 * its modules (about 20 MB of the process's resident set), and starts again in well under a second.
 */
const IDLE_MS = 60_000;

// Run from TypeScript source (tests, `npm run dev`), the thread needs tsx to load its module too.
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = new URL(
  fromSource ? './search.worker.ts' : './search.worker.js',
  import.meta.url,
);

/** What the search thread is given: a search, or (`warm`) only its start. */
export type ThreadTask = (ScanTask & { file: string }) | { warm: true };

let pool: Piscina<ThreadTask, ScanAnswer> | null = null;
/** Settles when the thread has started and loaded its modules; null while no thread runs. */
let started: Promise<unknown> | null = null;

/**
 * One search thread for the whole process (the machine's cores serve requests first), started by
 * the first search and ended after a minute without one. A search's budget counts its wait for the
 * thread, never the thread's own start. Searches wait their turn for it.
 */
function searchPool() {
  if (!pool) {
    const created = new Piscina<ThreadTask, ScanAnswer>({
      filename: workerFile.href,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: IDLE_MS,
      execArgv: fromSource ? ['--import', 'tsx'] : [],
    });
    created.on('workerDestroy', () => {
      started = null;
    });
    pool = created;
  }
  return pool;
}

/** The thread, started (and its modules loaded) if none runs. */
async function runningThread() {
  const thread = searchPool();
  started ??= thread.run({ warm: true }).catch(() => {});
  await started;
  return thread;
}

/** How many searches ran on the search thread (tests: the file store's searches go there). */
export const searchThreadRuns = { count: 0 };

const noMatches = (): ScanAnswer => ({ hits: [], partial: true });

/**
 * Runs a search statement on the search thread against the store file `file`. A full queue, or a
 * thread that does not answer by the deadline and its grace, gives no matches, partial: a search
 * never holds a request much longer than its budget.
 */
export async function scanOffThread(
  file: string,
  search: Omit<ScanTask, 'deadline'> & { budgetMs: number },
): Promise<ScanAnswer> {
  searchThreadRuns.count += 1;
  const thread = await runningThread();
  const { budgetMs, ...rest } = search;
  const task = { ...rest, deadline: Date.now() + budgetMs };
  if (thread.queueSize >= MAX_QUEUE) return noMatches();
  const run = thread.run({ ...task, file });
  const waitMs = Math.max(0, task.deadline - Date.now()) + GRACE_MS;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<ScanAnswer>((resolve) => {
    timer = setTimeout(() => {
      // The thread's answer, when it comes, is no longer awaited (nor is its failure).
      run.catch(() => {});
      resolve(noMatches());
    }, waitMs);
  });
  try {
    return await Promise.race([run, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The SQLite store's scan, which its search repository is given (plugins/external/repositories.ts):
 * on the search thread for a store file; for an in-memory store (tests that do not search), which
 * only its own connection can read, on that connection.
 */
export function sqliteSearchScan(store: {
  file: string | null;
  connection: BetterSqlite3.Database;
}): SqliteSearchScan {
  return async ({ budgetMs, ...search }) =>
    store.file !== null
      ? scanOffThread(store.file, { ...search, budgetMs })
      : scanSearch(store.connection, { ...search, deadline: Date.now() + budgetMs });
}

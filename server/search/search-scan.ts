import type BetterSqlite3 from 'better-sqlite3';

/**
 * The SQLite side of a search (db/repositories/search.sql.ts's `sqliteStatement`), run on a
 * connection of its own in the search thread (search.worker.ts), or on the store's own connection
 * when the store is in memory (tests). It reads the matches newest first and keeps the best `perKind` of each kind as they
 * come; at the deadline `search_in_time` ends the statement, and the answer is what was kept, marked
 * partial. better-sqlite3 has no progress handler or interrupt: the check is a function of the
 * statement, asked for every match.
 */

export interface ScanTask {
  /** The statement and its parameters, as compiled by the search repository. */
  sql: string;
  parameters: readonly unknown[];
  /** `Date.now()` after which the scan stops (a clock every thread shares). */
  deadline: number;
  perKind: number;
}

/** One kept match: the index key (id × 8 + kind), its rank (higher is better) and its columns. */
export interface ScanHit {
  key: number;
  rank: number;
  title: string;
  excerpt: string;
  slug: string | null;
  postType: string | null;
  pagePath: string | null;
  url: string | null;
  /** The title and excerpt are the row's Spanish (a Spanish reader's index, where it has one). */
  spanish: boolean;
}

export interface ScanAnswer {
  hits: ScanHit[];
  /** The budget ran out: older matches were not read. */
  partial: boolean;
}

class OutOfTime extends Error {}

interface Scan {
  deadline: number;
  perKind: number;
  /** The best ranks (bm25: lower is better) kept so far, per kind, sorted. */
  best: Map<number, number[]>;
}

/** The scan under way on this thread: statements run synchronously, so there is at most one. */
let current: Scan | null = null;
const ready = new WeakSet<BetterSqlite3.Database>();

/** Whether a row of this rank enters the best of its kind so far (and notes it if so). */
function keep(scan: Scan, kind: number, rank: number): boolean {
  const best = scan.best.get(kind) ?? [];
  if (best.length >= scan.perKind && rank >= best[best.length - 1]!) return false;
  const at = best.findIndex((r) => r > rank);
  best.splice(at === -1 ? best.length : at, 0, rank);
  if (best.length > scan.perKind) best.pop();
  scan.best.set(kind, best);
  return true;
}

function addFunctions(db: BetterSqlite3.Database) {
  if (ready.has(db)) return;
  // Given the row's key so that SQLite asks for every row, never once for the statement.
  db.function('search_in_time', { deterministic: false }, (_key: unknown) => {
    if (current && Date.now() >= current.deadline) throw new OutOfTime('search budget spent');
    return 1;
  });
  db.function('search_keep', { deterministic: false }, (kind: unknown, rank: unknown) =>
    current && keep(current, Number(kind), Number(rank)) ? 1 : 0,
  );
  ready.add(db);
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const textOrNull = (v: unknown) => (typeof v === 'string' ? v : null);

/** A row's `hit` column (a JSON array the statement built), as a kept match. */
function hitOf(key: number, json: string): ScanHit {
  const parsed: unknown = JSON.parse(json);
  const fields: unknown[] = Array.isArray(parsed) ? (parsed as unknown[]) : [];
  const [rank, title, excerpt, slug, postType, pagePath, url, spanish] = fields;
  return {
    key,
    rank: -Number(rank),
    title: text(title),
    excerpt: text(excerpt),
    slug: textOrNull(slug),
    postType: textOrNull(postType),
    pagePath: textOrNull(pagePath),
    url: textOrNull(url),
    spanish: spanish === 1,
  };
}

/** The best `perKind` of each kind among the kept rows, best first. */
function bestPerKind(hits: ScanHit[], perKind: number): ScanHit[] {
  const sorted = [...hits].sort((a, b) => b.rank - a.rank || b.key - a.key);
  const counts = new Map<number, number>();
  return sorted.filter((hit) => {
    const n = (counts.get(hit.key % 8) ?? 0) + 1;
    counts.set(hit.key % 8, n);
    return n <= perKind;
  });
}

/** Runs one search statement on `db` within the task's deadline. */
export function scanSearch(db: BetterSqlite3.Database, task: ScanTask): ScanAnswer {
  if (Date.now() >= task.deadline) return { hits: [], partial: true };
  addFunctions(db);
  current = { deadline: task.deadline, perKind: task.perKind, best: new Map() };
  const hits: ScanHit[] = [];
  let partial = false;
  try {
    const rows = db.prepare<unknown[], { key: number; hit: string | null }>(task.sql);
    for (const row of rows.iterate(...task.parameters)) {
      if (row.hit !== null) hits.push(hitOf(Number(row.key), row.hit));
    }
  } catch (err) {
    if (!(err instanceof OutOfTime)) throw err;
    partial = true;
  } finally {
    current = null;
  }
  return { hits: bestPerKind(hits, task.perKind), partial };
}

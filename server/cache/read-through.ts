import { freezeAnswer } from './frozen.js';
import type { CacheStore } from './store.js';

/** How an answer was served: fresh from the source, from the cache, or an old copy while the source fails. */
export type CacheStatus = 'miss' | 'hit' | 'stale';

/** portal.md §9 caches: a stale copy may stand in for a failing source for at most 24 hours. */
export const STALE_MS = 24 * 3_600_000;

/** What a cached copy is checked against before it answers: the endpoint's own schema. */
export interface CachedSchema<T> {
  parse: (value: unknown) => T;
}

export interface ReadThroughOptions {
  store: CacheStore;
  clock: () => Date;
  /** Told when a stale copy is served because the source failed. */
  onStale?: (key: string, error: unknown) => void;
  /** Told how every read was answered (metrics); a failed load with no copy counts as a miss. */
  onRead?: (status: CacheStatus) => void;
  /**
   * How long a reader with an old copy waits for the source: past this, the copy answers ("stale")
   * and the load goes on in the background, storing its answer for the next reader. Unset: the
   * reader waits for the load (and its timeout).
   */
  staleAfterMs?: number;
}

/**
 * A read-through cache: a fresh entry answers at once; otherwise the loader runs, once per key however
 * many requests wait for it (single-flight); when the loader fails and a copy no older than 24 hours
 * exists, that copy answers ("stale") and the error does not reach the user. A copy read back from
 * the store (Redis, shared with other processes and versions) is parsed with `schema`, never trusted;
 * a copy that no longer fits counts as absent. A loaded answer is parsed once, before it is stored,
 * and frozen; the in-process store hands back that very object, which needs no second parse.
 */
export class ReadThroughCache {
  private readonly inflight = new Map<string, Promise<{ value: unknown; status: CacheStatus }>>();
  /** Bumped by every clear, so a load that started before a clear does not store its answer after it. */
  private generation = 0;

  constructor(private readonly options: ReadThroughOptions) {}

  async read<T>(
    key: string,
    freshMs: number,
    load: () => Promise<T>,
    schema: CachedSchema<T>,
  ): Promise<{ value: T; status: CacheStatus }> {
    const now = this.options.clock().getTime();
    const entry = await this.options.store.get(key);
    // The common case first: a fresh copy this process parsed itself, answered as it is kept.
    if (entry && now < entry.freshUntil && now - entry.storedAt <= STALE_MS) {
      if (parsedWith(schema, entry.value)) {
        this.options.onRead?.('hit');
        return { value: entry.value, status: 'hit' };
      }
    }
    const usable = entry && now - entry.storedAt <= STALE_MS ? cached(entry, schema) : undefined;
    if (usable && now < usable.freshUntil) {
      this.options.onRead?.('hit');
      return { value: usable.value, status: 'hit' };
    }
    let flight = this.inflight.get(key);
    if (!flight) {
      flight = this.refresh(key, freshMs, async () => parseOnce(schema, await load()), usable);
      this.inflight.set(key, flight);
      const forget = () => {
        if (this.inflight.get(key) === flight) this.inflight.delete(key);
      };
      flight.then(forget, forget);
    }
    try {
      const { value, status } = usable
        ? await this.withinBudget(key, flight, usable)
        : await flight;
      this.options.onRead?.(status);
      // A flight shared with another reader of the same key: the same read, checked all the same.
      return { value: parsedWith(schema, value) ? value : schema.parse(value), status };
    } catch (err) {
      this.options.onRead?.('miss');
      throw err;
    }
  }

  /**
   * The fresh copy of `key`, or null: never loads, never waits for a source (the first answers a page
   * carries, html/first-answers.ts, take what is already here and leave the rest to the API).
   */
  async peek<T>(key: string, schema: CachedSchema<T>): Promise<T | null> {
    const now = this.options.clock().getTime();
    const entry = await this.options.store.get(key);
    if (!entry || now >= entry.freshUntil || now - entry.storedAt > STALE_MS) return null;
    return cached(entry, schema)?.value ?? null;
  }

  /**
   * The load's answer if it comes within `staleAfterMs`, else the old copy: a hanging source costs
   * the reader that long, not the source's whole timeout. The load is not stopped; it refreshes the
   * entry when it answers (or, failing, leaves the old copy in place).
   */
  private async withinBudget(
    key: string,
    flight: Promise<{ value: unknown; status: CacheStatus }>,
    stale: { value: unknown },
  ): Promise<{ value: unknown; status: CacheStatus }> {
    const budget = this.options.staleAfterMs;
    if (budget === undefined) return flight;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), budget);
    });
    try {
      const first = await Promise.race([flight, late]);
      if (first !== 'late') return first;
      this.options.onStale?.(key, new Error(`no answer within ${budget} ms; still loading`));
      return { value: stale.value, status: 'stale' };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The store itself, for a note every process must see without a load behind it (the feed images a
   * feed answer names: feeds/feed-images.ts).
   */
  get store(): CacheStore {
    return this.options.store;
  }

  /** Drops the entries of `prefix` (one user, or one read of one user) and forgets loads under way. */
  async clear(prefix: string): Promise<number> {
    this.generation += 1;
    for (const key of this.inflight.keys()) if (key.startsWith(prefix)) this.inflight.delete(key);
    return this.options.store.deletePrefix(prefix);
  }

  private async refresh(
    key: string,
    freshMs: number,
    load: () => Promise<unknown>,
    stale: { value: unknown } | undefined,
  ): Promise<{ value: unknown; status: CacheStatus }> {
    const generation = this.generation;
    try {
      const value = await load();
      if (generation === this.generation) {
        const at = this.options.clock().getTime();
        await this.options.store.set(
          key,
          { value, storedAt: at, freshUntil: at + freshMs },
          STALE_MS,
        );
      }
      return { value, status: 'miss' };
    } catch (err) {
      if (!stale) throw err;
      this.options.onStale?.(key, err);
      return { value: stale.value, status: 'stale' };
    }
  }
}

/** Every answer refresh parsed, with the schema that parsed it. */
const parsedBy = new WeakMap<object, CachedSchema<unknown>>();

/** Parses a loaded answer and freezes it, remembering which schema made it. */
function parseOnce<T>(schema: CachedSchema<T>, loaded: unknown): T {
  const value = freezeAnswer(schema.parse(loaded));
  if (typeof value === 'object' && value !== null) parsedBy.set(value, schema);
  return value;
}

/** True when `value` is the very (frozen) object `schema` produced in this process. */
function parsedWith<T>(schema: CachedSchema<T>, value: unknown): value is T {
  return typeof value === 'object' && value !== null && parsedBy.get(value) === schema;
}

/** The entry with its value parsed, or undefined when the value no longer fits the schema. */
function cached<T, E extends { value: unknown; freshUntil: number }>(
  entry: E,
  schema: CachedSchema<T>,
): (Omit<E, 'value'> & { value: T }) | undefined {
  const { value } = entry;
  // The in-process store kept the object this schema produced: nothing to check again.
  if (parsedWith(schema, value)) return { ...entry, value };
  try {
    return { ...entry, value: schema.parse(value) };
  } catch {
    return undefined;
  }
}

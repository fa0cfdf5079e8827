/** One cached answer with the times (epoch ms, from the app's clock) that decide hit, refresh and stale. */
export interface CacheEntry {
  value: unknown;
  storedAt: number;
  freshUntil: number;
}

/**
 * Where cached answers live. The in-process LRU fills it by default; a Redis store (several server
 * processes sharing one cache) fills the same four calls. Keys are `<owner>:<rest>`, so one owner's
 * entries go with one prefix.
 */
export interface CacheStore {
  get(key: string): Promise<CacheEntry | undefined>;
  /** Keeps the entry at least `keepMs` (the stale window), unless the store runs out of room. */
  set(key: string, entry: CacheEntry, keepMs: number): Promise<void>;
  delete(key: string): Promise<boolean>;
  /** Drops every key that starts with `prefix`; answers how many went. */
  deletePrefix(prefix: string): Promise<number>;
}

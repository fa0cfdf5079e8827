/** One cached answer with the times (epoch ms, from the app's clock) that decide hit, refresh and stale. */
export interface CacheEntry {
  value: unknown;
  storedAt: number;
  freshUntil: number;
}

/**
 * The owner of a key: its first two `:`-separated parts (`sis:42` of `sis:42:holds:`). Stores index
 * keys by owner, so that clearing one user's answers touches only that user's keys.
 */
export function ownerOf(key: string): string {
  const [kind = '', id = ''] = key.split(':', 2);
  return `${kind}:${id}`;
}

/** The owner a prefix names, when it names one whole (`sis:42:…`); otherwise undefined. */
export function ownerOfPrefix(prefix: string): string | undefined {
  return prefix.split(':').length >= 3 ? ownerOf(prefix) : undefined;
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
  /**
   * Drops every key that starts with `prefix`; answers how many went. A prefix naming an owner
   * (`sis:42:`) looks only at that owner's keys, however many keys others have.
   */
  deletePrefix(prefix: string): Promise<number>;
}

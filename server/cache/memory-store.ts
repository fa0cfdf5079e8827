import { LRUCache } from 'lru-cache';
import type { CacheEntry, CacheStore } from './store.js';
import { ownerOf, ownerOfPrefix } from './store.js';

export interface MemoryCacheLimits {
  /** Entries kept at most. */
  maxEntries?: number;
  /** Bytes kept at most, counted as each answer's JSON and its key (config: CACHE_MAX_MB). */
  maxBytes?: number;
}

/** Room an entry takes beyond its answer's JSON: its key, times and the LRU's own slots. */
const ENTRY_OVERHEAD_BYTES = 64;

/** An answer's size as the length of its JSON: what it costs to keep grows with it. */
function sizeOf(entry: CacheEntry, key: string): number {
  const json = JSON.stringify(entry.value) as string | undefined;
  return (json?.length ?? 0) + key.length + ENTRY_OVERHEAD_BYTES;
}

/**
 * The in-process store: least recently used entries go first once `maxEntries` or `maxBytes` is
 * reached (an answer larger than `maxBytes` is not kept). Expiry is decided by the reader from the
 * entry's own times (the app's clock), so a fake clock drives it in tests. Keys are indexed by
 * owner, so a user's clear never walks other users' keys.
 */
export class MemoryCacheStore implements CacheStore {
  private readonly lru: LRUCache<string, CacheEntry>;
  private readonly byOwner = new Map<string, Set<string>>();

  constructor({ maxEntries = 50_000, maxBytes = 32 * 1_048_576 }: MemoryCacheLimits = {}) {
    this.lru = new LRUCache({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: sizeOf,
      dispose: (_value, key, reason) => {
        if (reason === 'evict' || reason === 'expire') this.unindex(key);
      },
    });
  }

  async get(key: string) {
    return this.lru.get(key);
  }

  async set(key: string, entry: CacheEntry) {
    this.lru.set(key, entry);
    // Too large to keep: the LRU refused it (and dropped an older copy under the key).
    if (!this.lru.has(key)) return this.unindex(key);
    const owner = ownerOf(key);
    let keys = this.byOwner.get(owner);
    if (!keys) this.byOwner.set(owner, (keys = new Set()));
    keys.add(key);
  }

  async delete(key: string) {
    this.unindex(key);
    return this.lru.delete(key);
  }

  async deletePrefix(prefix: string) {
    const owner = ownerOfPrefix(prefix);
    const candidates =
      owner === undefined ? [...this.lru.keys()] : [...(this.byOwner.get(owner) ?? [])];
    let count = 0;
    for (const key of candidates) {
      if (key.startsWith(prefix) && (await this.delete(key))) count += 1;
    }
    return count;
  }

  private unindex(key: string) {
    const owner = ownerOf(key);
    const keys = this.byOwner.get(owner);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) this.byOwner.delete(owner);
  }

  get size() {
    return this.lru.size;
  }
}

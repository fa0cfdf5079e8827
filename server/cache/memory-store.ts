import { LRUCache } from 'lru-cache';
import type { CacheEntry, CacheStore } from './store.js';

/**
 * The in-process store: least recently used entries go first once `max` is reached. Expiry is decided
 * by the reader from the entry's own times (the app's clock), so a fake clock drives it in tests.
 */
export class MemoryCacheStore implements CacheStore {
  private readonly lru: LRUCache<string, CacheEntry>;

  constructor(max = 50_000) {
    this.lru = new LRUCache({ max });
  }

  async get(key: string) {
    return this.lru.get(key);
  }

  async set(key: string, entry: CacheEntry) {
    this.lru.set(key, entry);
  }

  async delete(key: string) {
    return this.lru.delete(key);
  }

  async deletePrefix(prefix: string) {
    let count = 0;
    for (const key of [...this.lru.keys()]) {
      if (key.startsWith(prefix) && this.lru.delete(key)) count += 1;
    }
    return count;
  }

  get size() {
    return this.lru.size;
  }
}

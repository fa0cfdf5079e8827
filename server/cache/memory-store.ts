import { LRUCache } from 'lru-cache';
import type { CacheEntry, CacheStore } from './store.js';
import { ownerOf, ownerOfPrefix } from './store.js';

/**
 * The in-process store: least recently used entries go first once `max` is reached. Expiry is decided
 * by the reader from the entry's own times (the app's clock), so a fake clock drives it in tests.
 * Keys are indexed by owner, so a user's clear never walks other users' keys.
 */
export class MemoryCacheStore implements CacheStore {
  private readonly lru: LRUCache<string, CacheEntry>;
  private readonly byOwner = new Map<string, Set<string>>();

  constructor(max = 50_000) {
    this.lru = new LRUCache({
      max,
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

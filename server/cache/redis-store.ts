import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { CacheEntry, CacheStore } from './store.js';
import { ownerOf, ownerOfPrefix } from './store.js';

/** What an entry must look like when read back; anything else (another writer, a bad byte) is a miss. */
const entrySchema = z.object({
  value: z.unknown(),
  storedAt: z.number(),
  freshUntil: z.number(),
});

/** Redis glob characters in a prefix must match themselves in SCAN's MATCH pattern. */
const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

export interface RedisCacheStoreOptions {
  /** Put before every key, so several portals (or test runs) can share one Redis. */
  prefix: string;
  /** Told of every failed call; the call then answers as if Redis held nothing. */
  onError?: (err: unknown) => void;
  /** Keys asked for per SCAN step of `deletePrefix` (each step's keys go in one UNLINK). */
  scanCount?: number;
}

/**
 * The cache shared by every server process: entries as JSON under `<prefix><key>`, each expiring (PX)
 * after its keep time. A Redis that does not answer makes the store empty, never a failed request.
 */
export class RedisCacheStore implements CacheStore {
  private readonly prefix: string;
  private readonly scanCount: number;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisCacheStoreOptions,
  ) {
    this.prefix = options.prefix;
    this.scanCount = options.scanCount ?? 500;
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    const text = await this.attempt(() => this.redis.get(this.prefix + key), null);
    if (text === null) return undefined;
    try {
      const parsed = entrySchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  /** The set of an owner's keys; it lives as long as the longest-kept of them. */
  private indexOf(owner: string) {
    return `${this.prefix}owner:${owner}`;
  }

  async set(key: string, entry: CacheEntry, keepMs: number): Promise<void> {
    const ms = Math.max(1, Math.ceil(keepMs));
    const index = this.indexOf(ownerOf(key));
    await this.attempt(
      () =>
        this.redis
          .multi()
          .set(this.prefix + key, JSON.stringify(entry), 'PX', ms)
          .sadd(index, key)
          .pexpire(index, ms)
          .exec(),
      null,
    );
  }

  async delete(key: string): Promise<boolean> {
    return (await this.attempt(() => this.redis.unlink(this.prefix + key), 0)) > 0;
  }

  /**
   * An owner's prefix: only the keys of the owner's index. Any other prefix: SCAN in steps (never KEYS,
   * which stops Redis while it walks every key) and UNLINK each step.
   */
  async deletePrefix(prefix: string): Promise<number> {
    const owner = ownerOfPrefix(prefix);
    if (owner !== undefined) return this.deleteOwned(owner, prefix);
    const pattern = `${escapeGlob(this.prefix + prefix)}*`;
    return this.attempt(async () => {
      let cursor = '0';
      let count = 0;
      do {
        const [next, keys] = await this.redis.scan(
          cursor,
          'MATCH',
          pattern,
          'COUNT',
          this.scanCount,
        );
        cursor = next;
        // Owner sets under the prefix go too, but only entries are counted.
        const indexes = keys.filter((k) => k.startsWith(`${this.prefix}owner:`));
        const entries = keys.filter((k) => !indexes.includes(k));
        if (entries.length > 0) count += await this.redis.unlink(...entries);
        if (indexes.length > 0) await this.redis.unlink(...indexes);
      } while (cursor !== '0');
      return count;
    }, 0);
  }

  private async deleteOwned(owner: string, prefix: string): Promise<number> {
    const index = this.indexOf(owner);
    return this.attempt(async () => {
      const keys = (await this.redis.smembers(index)).filter((k) => k.startsWith(prefix));
      if (keys.length === 0) return 0;
      let count = 0;
      for (let i = 0; i < keys.length; i += 500) {
        const step = keys.slice(i, i + 500);
        count += await this.redis.unlink(...step.map((k) => this.prefix + k));
        await this.redis.srem(index, ...step);
      }
      return count;
    }, 0);
  }

  private async attempt<T>(call: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await call();
    } catch (err) {
      this.options.onError?.(err);
      return fallback;
    }
  }
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import {
  UsedOnceRepository,
  usedOnceHash,
} from '../../../server/db/repositories/used-once.repository.js';
import { repositoryStores } from './stores.js';

const stores = repositoryStores('used_once');
const now = new Date('2026-11-25T12:00:00Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe.each(stores)('one-time values on $name', ({ open }) => {
  let database: Database;
  beforeEach(async () => {
    database = await open();
    // PostgreSQL keeps one schema for the suite: each test starts with no value used.
    await database.db.deleteFrom('used_once').execute();
  });
  afterEach(async () => database.close());

  it('takes a value once, whichever process asks: two repositories over one store, at the same time', async () => {
    const one = new UsedOnceRepository(database.db);
    const two = new UsedOnceRepository(database.db);
    const results = await Promise.all([
      one.use('canvas-state', 'h1', later(10), now),
      two.use('canvas-state', 'h1', later(10), now),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await one.use('canvas-state', 'h1', later(10), later(5))).toBe(false);
    // Another purpose's value of the same hash is its own.
    expect(await one.use('saml', 'h1', later(10), now)).toBe(true);
  });

  it('a SAML message is used once: its AuthnRequest answered twice is refused, a logout of the same id is its own', async () => {
    const repo = new UsedOnceRepository(database.db);
    const use = (key: string) => repo.use('saml', usedOnceHash(key), later(11), now);
    expect(await use('authn:_r1')).toBe(true);
    expect(await use('authn:_r1')).toBe(false);
    expect(await use('logout:_r1')).toBe(true);
    // Only the hash is kept, never the message's id.
    const kept = await database.db.selectFrom('used_once').select('value_hash').execute();
    expect(kept.map((r) => r.value_hash)).not.toContain('authn:_r1');
  });

  it('forgets a value once it has expired, so the table holds only live ones', async () => {
    const repo = new UsedOnceRepository(database.db);
    expect(await repo.use('canvas-state', 'h2', later(10), now)).toBe(true);
    expect(await repo.use('canvas-state', 'h3', later(30), later(10))).toBe(true);
    const left = await database.db.selectFrom('used_once').select('value_hash').execute();
    expect(left.map((r) => r.value_hash)).toEqual(['h3']);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { SamlUsedRepository } from '../../../server/db/repositories/saml-used.repository.js';
import { repositoryStores } from './stores.js';

const stores = repositoryStores('saml_used');

describe.each(stores)('SAML messages used once on $name', ({ open }) => {
  let database: Database;
  let repo: SamlUsedRepository;
  const now = new Date('2026-09-01T12:00:00Z');
  const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

  beforeEach(async () => {
    database = await open();
    repo = new SamlUsedRepository(database.db);
    // PostgreSQL keeps one schema for the suite: each test starts with no key used.
    await repo.deleteExpired(later(1_000_000));
  });
  afterEach(async () => database.close());

  it('answers true for the first use of a key only', async () => {
    expect(await repo.useOnce('authn:_r1', later(11))).toBe(true);
    expect(await repo.useOnce('authn:_r1', later(11))).toBe(false);
    expect(await repo.useOnce('logout:_r1', later(11))).toBe(true);
  });

  it('of two callers using one key at once, one gets it', async () => {
    const answers = await Promise.all([
      repo.useOnce('logout:_l1', later(5)),
      repo.useOnce('logout:_l1', later(5)),
    ]);
    expect(answers.sort()).toEqual([false, true]);
  });

  it('forgets a key once it could no longer be valid', async () => {
    await repo.useOnce('authn:_r2', later(11));
    expect(await repo.deleteExpired(later(10))).toBe(0);
    expect(await repo.deleteExpired(later(11))).toBe(1);
  });
});

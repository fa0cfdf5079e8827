import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { DelegationsRepository } from '../../../server/db/repositories/delegations.repository.js';
import { repositoryStores } from './stores.js';

const stores = repositoryStores('delegate_views');
const now = new Date('2026-11-28T23:07:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
const minuteBefore = (at: Date) => new Date(at.getTime() - 60_000);

describe.each(stores)("a delegate's views (issue 87) on $name", ({ open }) => {
  let database: Database;
  beforeEach(async () => {
    database = await open();
    await database.db.deleteFrom('delegate_views').execute();
  });
  afterEach(async () => database.close());

  const listed = async () =>
    (await new DelegationsRepository(database.db, database.dialect).views([7], 50)).length;

  it("a page's reads made at once record one view a minute, not one each (a view was listed twice within a minute)", async () => {
    const repo = new DelegationsRepository(database.db, database.dialect);
    await Promise.all([0, 1, 2, 3].map(() => repo.viewed(7, 'finances', minuteBefore(now), now)));
    expect(await listed()).toBe(1);
    await repo.viewed(7, 'finances', minuteBefore(later(30)), later(30));
    expect(await listed()).toBe(1);
    await repo.viewed(7, 'academics', minuteBefore(later(30)), later(30));
    await repo.viewed(7, 'finances', minuteBefore(later(61)), later(61));
    expect(await listed()).toBe(3);
  });
});

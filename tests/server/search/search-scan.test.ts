import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { openDatabase } from '../../../server/db/database.js';
import { scanSearch } from '../../../server/search/search-scan.js';
import { sqliteStatement } from '../../../server/db/repositories/search.sql.js';
import type { SearchReader } from '../../../server/db/repositories/search.repository.js';

const now = new Date('2026-11-21T12:00:00.000Z');
const reader: SearchReader = { userId: 1, username: 'x', roles: ['student'], hiddenCategories: [] };

/** SQLite's scan itself (search-scan.ts), as the search thread runs it, on an in-memory store. */
describe('the SQLite search scan', () => {
  let database: Database;
  const task = (deadline: number) => {
    const { sql, parameters } = sqliteStatement({
      reader,
      words: ['notice'],
      at: now,
      demo: false,
      perKind: 8,
      language: 'en',
    }).compile(database.db);
    return { sql, parameters, deadline, perKind: 8 };
  };

  beforeAll(async () => {
    database = await openDatabase({ sqliteFile: ':memory:' });
    await database.db
      .insertInto('messages')
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          title: `Notice ${i + 1}`,
          body: 'Read it.',
          created_on: now.toISOString(),
          audience: 'everyone',
        })),
      )
      .execute();
  });
  afterAll(async () => database.close());
  afterEach(() => vi.restoreAllMocks());

  it('runs one statement and keeps the best 8 of a kind', () => {
    const prepare = vi.spyOn(database.sqlite!.connection, 'prepare');
    const answer = scanSearch(database.sqlite!.connection, task(Date.now() + 60_000));
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(answer.partial).toBe(false);
    expect(answer.hits).toHaveLength(8);
  });

  it('stops at the deadline, between matches, and answers what it found so far as partial', () => {
    const start = Date.now();
    // The clock passes the deadline at the fourth look: three matches (the newest) were read.
    let looks = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => (++looks >= 5 ? start + 1_000 : start));
    const answer = scanSearch(database.sqlite!.connection, task(start + 500));
    expect(answer.partial).toBe(true);
    expect(answer.hits.map((h) => Math.floor(h.key / 8)).sort((a, b) => b - a)).toEqual([
      20, 19, 18,
    ]);
  });

  it('reads nothing when the budget is spent before it starts (a long wait for the thread)', () => {
    const prepare = vi.spyOn(database.sqlite!.connection, 'prepare');
    expect(scanSearch(database.sqlite!.connection, task(Date.now() - 1))).toEqual({
      hits: [],
      partial: true,
    });
    expect(prepare).not.toHaveBeenCalled();
  });
});

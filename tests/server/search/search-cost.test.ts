import { sql } from 'kysely';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { ContentRepository } from '../../../server/db/repositories/content.repository.js';
import { SearchRepository } from '../../../server/db/repositories/search.repository.js';
import type { SearchReader } from '../../../server/db/repositories/search.repository.js';
import { sqliteSearchScan } from '../../../server/search/search-pool.js';
import { searchWords } from '../../../server/search/search-query.js';
import { userRow } from '../../fixtures/store-rows.js';
import { TEST_BUDGET, searchOn, searchStores } from './search-stores.js';

const now = new Date('2026-11-21T12:00:00.000Z');

/** Counts the full-text statements a repository sends (FTS5 `MATCH`, PostgreSQL `@@`). */
function fullTextCounter() {
  const counted = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      const text = node.kind === 'RawNode' ? node.sqlFragments.join(' ') : '';
      if (/\bMATCH\b|@@/.test(text)) counted.statements += 1;
      return node as RootOperationNode;
    },
    transformResult: async ({ result }) => result,
  };
  return { counted, plugin };
}

/** Issue 41: what one search may cost the store, on both stores. */
describe.each(searchStores('search_cost'))('the cost of a search on $name', ({ name, open }) => {
  let database: Database;
  let search: SearchRepository;
  let reader: SearchReader;
  const find = (query: string, budgetMs = TEST_BUDGET.budgetMs) =>
    search.search(reader, searchWords(query), now, { budgetMs });

  beforeAll(async () => {
    database = await open();
    const { db } = database;
    search = searchOn(database);
    const { id } = await db
      .insertInto('users')
      .values(userRow('reader', now))
      .returning('id')
      .executeTakeFirstOrThrow();
    reader = { userId: id, username: 'reader', roles: ['student'], hiddenCategories: [] };
    const content = new ContentRepository(db);
    const post = (slug: string, title: string, body: string) =>
      content.insertPost({
        post_type: 'resources',
        slug,
        title,
        body,
        category: null,
        image: null,
        thumbnail_image: null,
        medium_image: null,
        large_image: null,
        action_link: null,
        link_text: null,
        hide_text: false,
        publishing_opens_on: null,
        links: [],
      });
    await post('id-card', 'ID card help desk', '<p>Bring a photo.</p>');
    await post('identity', 'Lost identity documents', '<p>Kept at the front desk.</p>');
    // Enough matching rows that ranking them all takes PostgreSQL well over a millisecond.
    await sql`INSERT INTO messages (title, body, created_on, audience)
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
      SELECT 'Budget notice ' || i, 'Plan the budget for term ' || i, ${now.toISOString()}, 'everyone'
      FROM n`.execute(db);
  });
  afterAll(async () => database.close());

  it('asks the store one full-text statement per search, whatever it finds', async () => {
    const { counted, plugin } = fullTextCounter();
    const counting = new SearchRepository(
      database.db.withPlugin(plugin),
      database.dialect,
      database.sqlite && sqliteSearchScan(database.sqlite),
    );
    const hits = await counting.search(reader, searchWords('desk budget'), now, TEST_BUDGET);
    expect(counted.statements).toBe(1);
    expect(hits.partial).toBe(false);
  });

  it('matches a word as the start of longer ones only from 3 characters', async () => {
    // "id" is a whole word of one post, and only the start of "identity" in the other.
    expect((await find('id')).posts.map((p) => p.slug)).toEqual(['id-card']);
    expect((await find('he')).posts).toEqual([]);
    expect((await find('hel')).posts.map((p) => p.slug)).toEqual(['id-card']);
    expect((await find('lo')).posts).toEqual([]);
    expect((await find('los')).posts.map((p) => p.slug)).toEqual(['identity']);
  });

  it('answers at most 9 of each kind (a group holds 8: the ninth says there are more), in full within its budget', async () => {
    const { messages, partial } = await find('budget');
    expect(partial).toBe(false);
    expect(messages).toHaveLength(9);
  });

  it('a budget of 0 gives the store no time: the answer is partial, without matches', async () => {
    expect(await find('budget', 0)).toEqual({
      posts: [],
      links: [],
      tasks: [],
      messages: [],
      partial: true,
    });
  });

  it.runIf(name.startsWith('PostgreSQL'))(
    'PostgreSQL: a statement past its budget (1 ms, 3,000 matches to rank) is cancelled, and the answer is partial',
    async () => {
      const answer = await find('budget plan', 1);
      expect(answer.partial).toBe(true);
      // The connection is fine afterwards: the budget was the transaction's only.
      expect((await find('budget')).messages).toHaveLength(9);
    },
  );
});

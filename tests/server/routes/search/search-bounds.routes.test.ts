import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_GROUP_MAX } from '../../../../contract/search.rules.js';
import { searchAnswerSchema } from '../../../../contract/search.schema.js';
import { HITS_PER_KIND } from '../../../../server/db/repositories/search.repository.js';
import { findPersona } from '../../../../server/sis/personas.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import type { TestAppOptions } from '../../helpers/app.js';
import { searchAppStore } from '../../search/search-stores.js';

const now = new Date('2026-11-21T12:00:00.000Z');

/** Issue 87: a search answers at most `SEARCH_GROUP_MAX` results a group and says when it found more. */
describe('GET /api/search: each group bounded', () => {
  let app: FastifyInstance;
  let token: string;
  const search = async (q: string) => {
    const response = await app.inject({
      url: `/api/search?q=${encodeURIComponent(q)}`,
      headers: { authorization: `Token ${token}` },
    });
    expect(response.statusCode).toBe(200);
    return searchAnswerSchema.parse(response.json());
  };
  const seed = async (word: string, count: number) => {
    for (let i = 0; i < count; i += 1) {
      await app.repositories.messages.create({
        audience: 'person',
        username: findPersona('student').username,
        title: `${word} notice ${i}`,
        body: `About the ${word}.`,
        created_on: new Date(now.getTime() - (i + 1) * 60_000),
      });
    }
  };

  beforeAll(async () => {
    const database = await searchAppStore();
    const options: TestAppOptions = { clock: () => now, env: { SEARCH_BUDGET_MS: '10000' } };
    app = await createTestApp(database ? { ...options, database } : options);
    token = (await signIn(app, 'student')).token;
    await seed('zanzibar', 30);
    await seed('quokka', SEARCH_GROUP_MAX);
  }, 120_000);
  afterAll(async () => app.close());

  it('the store reads one more of each kind than a group holds', () => {
    expect(HITS_PER_KIND).toBe(SEARCH_GROUP_MAX + 1);
  });

  it(`30 matching messages: the group holds ${SEARCH_GROUP_MAX} and says there are more`, async () => {
    const group = (await search('zanzibar')).groups.find((g) => g.group === 'messages');
    expect(group?.results).toHaveLength(SEARCH_GROUP_MAX);
    expect(group?.more).toBe(true);
  });

  it(`exactly ${SEARCH_GROUP_MAX} matching messages: all of them, and no more to find`, async () => {
    const group = (await search('quokka')).groups.find((g) => g.group === 'messages');
    expect(group?.results).toHaveLength(SEARCH_GROUP_MAX);
    expect(group?.more).toBeUndefined();
  });

  it('a word every section and tool nearly names: no group past its bound', async () => {
    for (const q of ['a', 'e', 'student']) {
      for (const group of (await search(q)).groups) {
        expect(group.results.length).toBeLessThanOrEqual(SEARCH_GROUP_MAX);
      }
    }
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../../contract/error.schema.js';
import { SEARCH_GROUP_MAX, SEARCH_GROUP_PAGES_MAX } from '../../../../contract/search.rules.js';
import { searchAnswerSchema } from '../../../../contract/search.schema.js';
import { findPersona } from '../../../../server/sis/personas.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import type { TestAppOptions } from '../../helpers/app.js';
import { searchAppStore } from '../../search/search-stores.js';

const now = new Date('2026-11-21T12:00:00.000Z');
const CEILING = SEARCH_GROUP_MAX * SEARCH_GROUP_PAGES_MAX;

/**
 * Issue 87: a group cut at SEARCH_GROUP_MAX carries `next`, its next page's cursor; asking again
 * with `after` answers that group alone, from there, until the results or the group's
 * SEARCH_GROUP_PAGES_MAX pages end. A cursor the search did not answer is a 400 {detail}.
 */
describe('GET /api/search: a group a page at a time', () => {
  let app: FastifyInstance;
  let token: string;
  const get = (q: string, after?: string) =>
    app.inject({
      url: `/api/search?q=${encodeURIComponent(q)}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
      headers: { authorization: `Token ${token}` },
    });
  const search = async (q: string, after?: string) => {
    const response = await get(q, after);
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
  /** Every page of the messages group, from the first answer, following `next`. */
  const walk = async (q: string) => {
    const pages = [];
    let after: string | undefined;
    for (let i = 0; i < 10; i += 1) {
      const answer = await search(q, after);
      const group = answer.groups.find((g) => g.group === 'messages');
      if (!group) throw new Error('no messages group');
      if (after) expect(answer.groups.map((g) => g.group)).toEqual(['messages']);
      pages.push(group);
      after = group.next;
      if (!after) break;
    }
    const titles = pages.flatMap((g) => g.results.map((r) => r.title.map((p) => p.text).join('')));
    return { pages, titles };
  };

  beforeAll(async () => {
    const database = await searchAppStore();
    const options: TestAppOptions = { clock: () => now, env: { SEARCH_BUDGET_MS: '10000' } };
    app = await createTestApp(database ? { ...options, database } : options);
    token = (await signIn(app, 'student')).token;
    await seed('zanzibar', 30);
    await seed('wombat', CEILING + 6);
  }, 120_000);
  afterAll(async () => app.close());

  it('30 matching messages: pages of 8 following `next` hold all 30, once each; the last has no next', async () => {
    const { pages, titles } = await walk('zanzibar');
    expect(pages.map((g) => g.results.length)).toEqual([8, 8, 8, 6]);
    expect(pages[0]?.next).toBe(`messages.${SEARCH_GROUP_MAX}`);
    expect(new Set(titles).size).toBe(30);
    expect(pages.at(-1)?.more).toBeUndefined();
    expect(pages.at(-1)?.next).toBeUndefined();
  });

  it(`more than ${CEILING} matching: the pages stop at ${SEARCH_GROUP_PAGES_MAX}, the last still saying more were found`, async () => {
    const { pages, titles } = await walk('wombat');
    expect(pages).toHaveLength(SEARCH_GROUP_PAGES_MAX);
    expect(new Set(titles).size).toBe(CEILING);
    expect(pages.at(-1)?.more).toBe(true);
    expect(pages.at(-1)?.next).toBeUndefined();
  });

  it.each([
    'messages.3',
    'messages.0',
    'nothing.8',
    `messages.${CEILING}`,
    'messages.8.8',
    'messages',
  ])('a cursor the search did not answer (%s) is refused with 400 and says why', async (bad) => {
    const response = await get('zanzibar', bad);
    expect(response.statusCode).toBe(400);
    expect(errorSchema.parse(response.json()).detail).toMatch(/cursor|after/);
  });
});

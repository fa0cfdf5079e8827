import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SelectQueryNode } from 'kysely';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import {
  POSTS_MORE_HEADER,
  POSTS_PAGE_MAX,
  postListSchema,
  postsMoreHeaderSchema,
} from '../../../../contract/content.schema.js';
import { errorSchema } from '../../../../contract/error.schema.js';
import { repositoryStores } from '../../db/stores.js';
import { createTestApp, signIn } from '../../helpers/app.js';

/**
 * Issue 87: `GET /api/posts` a page at a time: at most `limit` posts (1 to POSTS_PAGE_MAX, absent:
 * POSTS_PAGE_MAX), the next page after the last post's `pk`; a walk holds every post once.
 */
const MORE = POSTS_PAGE_MAX + 12;

describe.each(repositoryStores('posts_pages'))('GET /api/posts in pages on $name', ({ open }) => {
  let app: FastifyInstance;
  let token = '';
  const get = (query: string) =>
    app.inject({ url: `/api/posts?${query}`, headers: { authorization: `Token ${token}` } });

  const queries: RootOperationNode[] = [];
  const spy: KyselyPlugin = {
    transformQuery: ({ node }) => {
      queries.push(node);
      return node;
    },
    transformResult: async ({ result }) => Promise.resolve(result),
  };

  beforeAll(async () => {
    const database = await open();
    app = await createTestApp({ database: { ...database, db: database.db.withPlugin(spy) } });
    for (let i = 1; i <= MORE; i += 1) {
      const slug = `bulk-${String(i).padStart(3, '0')}`;
      const saved = await app.repositories.adminPosts.create({
        post_type: 'resources',
        title: `Bulk ${slug}`,
        slug,
        title_es: null,
        body_es: null,
        link_text_es: null,
        translations: '{}',
        body_markdown: 'x',
        body: '<p>x</p>',
        category: 'bulk',
        action_link: null,
        link_text: null,
        hide_text: false,
        publishing: 'now',
        publishing_opens_on: null,
        links: [],
      });
      expect(saved.ok).toBe(true);
    }
    token = (await signIn(app, 'student')).token;
  }, 240_000);
  afterAll(async () => app.close());

  it(`without limit: the first ${POSTS_PAGE_MAX}`, async () => {
    const answer = await get('post_type=resources&category=bulk');
    expect(answer.statusCode).toBe(200);
    expect(postListSchema.parse(answer.json())).toHaveLength(POSTS_PAGE_MAX);
  });

  it('pages of 25 after the last pk walk every post once, none left out, in order', async () => {
    const whole = postListSchema.parse(
      (await get(`post_type=resources&category=bulk&limit=${POSTS_PAGE_MAX}`)).json(),
    );
    const seen: string[] = [];
    let after = '';
    for (let pages = 0; pages < 10; pages += 1) {
      const answer = await get(`post_type=resources&category=bulk&limit=25${after}`);
      expect(answer.statusCode).toBe(200);
      const page = postListSchema.parse(answer.json());
      seen.push(...page.map((p) => p.slug));
      const last = page.at(-1);
      if (page.length < 25 || !last) break;
      after = `&after=${last.pk}`;
    }
    expect(seen).toHaveLength(MORE);
    expect(new Set(seen).size).toBe(MORE);
    expect(seen.slice(0, POSTS_PAGE_MAX)).toEqual(whole.map((p) => p.slug));
  });

  it('says `x-more: true` while more posts follow a page, and not on the last page', async () => {
    const more = (answer: Awaited<ReturnType<typeof get>>) =>
      postsMoreHeaderSchema.parse(answer.headers[POSTS_MORE_HEADER]);
    const first = await get('post_type=resources&category=bulk&limit=100');
    expect(more(first)).toBe('true');
    const last = postListSchema.parse(first.json()).at(-1);
    const rest = await get(`post_type=resources&category=bulk&limit=100&after=${last?.pk}`);
    expect(postListSchema.parse(rest.json())).toHaveLength(MORE - 100);
    expect(more(rest)).toBeUndefined();
    const exact = await get(
      `post_type=resources&category=bulk&limit=${MORE - 100}&after=${last?.pk}`,
    );
    expect(more(exact)).toBeUndefined();
  });

  it('the page is cut in the store: the posts are read with LIMIT limit + 1, not whole', async () => {
    queries.length = 0;
    expect((await get('post_type=resources&category=bulk&limit=7')).statusCode).toBe(200);
    const reads = queries.filter(
      (node) => SelectQueryNode.is(node) && JSON.stringify(node.from).includes('"content_posts"'),
    );
    expect(reads.length).toBeGreaterThan(0);
    expect(
      reads.every((node) => SelectQueryNode.is(node) && JSON.stringify(node.limit).includes('8')),
    ).toBe(true);
  });

  it.each([
    `limit=${POSTS_PAGE_MAX + 1}`,
    'limit=0',
    'limit=2.5',
    'after=abc',
    'after=0',
    'after=99999999',
  ])('refuses %s with 400 and says why', async (bad) => {
    const answer = await get(`post_type=resources&category=bulk&${bad}`);
    expect(answer.statusCode).toBe(400);
    expect(errorSchema.parse(answer.json()).detail).toMatch(/limit|after/);
  });
});

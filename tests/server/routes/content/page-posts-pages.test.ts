import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTS_PAGE_MAX, pageSchema } from '../../../../contract/content.schema.js';
import { errorSchema } from '../../../../contract/error.schema.js';
import { postsPage } from '../../../../server/content/keyset.js';
import { createTestApp } from '../../helpers/app.js';
import { getAs } from './helpers.js';

/**
 * Issue 87: a content page's posts a page at a time, as `GET /api/posts` pages them: at most `limit`
 * (absent: POSTS_PAGE_MAX), the next after the last post's `pk`, `more` while posts follow.
 */
describe('GET /api/pages: its posts in pages', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());

  const page = async (query: string) => {
    const answer = await getAs(app, 'student', `/api/pages?slug=resources${query}`);
    expect(answer.statusCode).toBe(200);
    return pageSchema.parse(answer.json());
  };

  it('pages of 1 after the last pk walk the page’s posts once each, in order, `more` until the last', async () => {
    const whole = await page('');
    expect(whole.posts.length).toBeGreaterThan(1);
    expect(whole.more).toBeUndefined();
    const seen: string[] = [];
    let after = '';
    for (let pages = 0; pages < whole.posts.length; pages += 1) {
      const one = await page(`&limit=1${after}`);
      expect(one.posts).toHaveLength(1);
      seen.push(one.posts[0]!.slug);
      expect(one.more ?? false).toBe(pages < whole.posts.length - 1);
      after = `&after=${one.posts[0]!.pk}`;
    }
    expect(seen).toEqual(whole.posts.map((p) => p.slug));
  });

  it('refuses a limit past the most and an after that names no post of the page (400)', async () => {
    for (const query of [`&limit=${POSTS_PAGE_MAX + 1}`, '&limit=0', '&after=999999']) {
      const answer = await getAs(app, 'student', `/api/pages?slug=resources${query}`);
      expect(answer.statusCode).toBe(400);
      expect(errorSchema.parse(answer.json()).detail).toMatch(/limit|after/);
    }
  });

  it(`a list longer than a page: the first ${POSTS_PAGE_MAX}, and more follow`, () => {
    const list = Array.from({ length: POSTS_PAGE_MAX + 3 }, (_, n) => ({ pk: n + 1 }));
    expect(postsPage(list, {})).toEqual({ posts: list.slice(0, POSTS_PAGE_MAX), more: true });
    expect(postsPage(list, { after: POSTS_PAGE_MAX })).toEqual({
      posts: list.slice(POSTS_PAGE_MAX),
      more: false,
    });
    expect(postsPage(list, { after: 0 })).toBeUndefined();
  });
});

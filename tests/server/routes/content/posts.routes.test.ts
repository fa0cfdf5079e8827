import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postListSchema } from '../../../../contract/content.schema.js';
import { errorSchema } from '../../../../contract/error.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { getAs } from './helpers.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app.close());

const slugsOf = async (persona: Parameters<typeof getAs>[1], url: string) => {
  const answer = await getAs(app, persona, url);
  expect(answer.statusCode).toBe(200);
  return postListSchema.parse(answer.json()).map((p) => p.slug);
};

describe('GET /api/posts', () => {
  it('answers posts by post_type, with every field of a post and its ordered links', async () => {
    const answer = await getAs(app, 'student', '/api/posts?post_type=icon_link');
    expect(answer.headers['cache-control']).toBe('no-store');
    const [tools] = postListSchema.parse(answer.json());
    expect(tools?.slug).toBe('school-tools');
    expect(tools?.links.map((l) => l.link_text)).toEqual([
      'Webmail',
      'Canvas',
      'Library',
      'Registration',
    ]);
  });

  it('answers posts by category and post_type', async () => {
    expect(await slugsOf('staff', '/api/posts?post_type=promo&category=staff')).toEqual([
      'open-enrollment-benefits',
    ]);
  });

  it('answers the post with a slug, optionally of a post type', async () => {
    expect(await slugsOf('student', '/api/posts?slug=flu-clinic-hours')).toEqual([
      'flu-clinic-hours',
    ]);
    expect(await slugsOf('student', '/api/posts?slug=flu-clinic-hours&post_type=modal')).toEqual([
      'flu-clinic-hours',
    ]);
    expect(await slugsOf('student', '/api/posts?slug=flu-clinic-hours&post_type=blog')).toEqual([]);
  });

  it('a post whose category equals a role reaches only users with that role', async () => {
    expect(await slugsOf('student', '/api/posts?post_type=promo&category=staff')).toEqual([]);
    expect(await slugsOf('staff', '/api/posts?post_type=resources&category=faculty')).toEqual([]);
    expect(await slugsOf('faculty', '/api/posts?post_type=resources&category=faculty')).toEqual([
      'faculty-resources',
    ]);
  });

  it('emeritus counts as faculty and also receives staff content', async () => {
    const slugs = await slugsOf('emeritus', '/api/posts?post_type=resources');
    expect(slugs).toContain('faculty-resources');
    expect(slugs).toContain('staff-resources');
  });

  it('student workers receive staff content', async () => {
    expect(await slugsOf('student-worker', '/api/posts?post_type=promo&category=staff')).toEqual([
      'open-enrollment-benefits',
    ]);
  });

  it('a faculty primary role hides a secondary staff role', async () => {
    expect(await slugsOf('faculty', '/api/posts?post_type=promo&category=staff')).toEqual([]);
  });

  it('financial dashboard promos reach only users with financial_dashboard_access', async () => {
    const url = '/api/posts?post_type=promo&category=financial_dashboard';
    expect(await slugsOf('student', url)).toEqual(['financial-dashboard']);
    expect(await slugsOf('new-student', url)).toEqual([]);
  });

  it('posts whose publishing_opens_on is in the future are not served', async () => {
    expect(await slugsOf('staff', '/api/posts?post_type=blog')).not.toContain(
      'winter-break-closures',
    );
    expect(await slugsOf('student', '/api/posts?slug=winter-break-closures')).toEqual([]);
  });

  it('staff with published=all also see future posts', async () => {
    expect(await slugsOf('staff', '/api/posts?post_type=blog&published=all')).toContain(
      'winter-break-closures',
    );
  });

  it.each(['student', 'faculty', 'advisor', 'emeritus'] as const)(
    'published=all is staff only: the %s persona gets 403 JSON',
    async (persona) => {
      const answer = await getAs(app, persona, '/api/posts?post_type=blog&published=all');
      expect(answer.statusCode).toBe(403);
      expect(errorSchema.parse(answer.json()).detail).toMatch(/staff/);
    },
  );

  it.each([
    ['no query', ''],
    ['a category without a post type', '?category=staff'],
    ['a slug with a category', '?slug=school-tools&category=staff'],
    ['an unknown post type', '?post_type=banner'],
    ['an unknown key', '?post_type=promo&order=desc'],
    ['a malformed slug', '?slug=../etc'],
    ['published other than all', '?post_type=promo&published=yes'],
    ['a repeated slug', '?slug=a&slug=b'],
  ])('answers 400 JSON {detail} to %s', async (_name, query) => {
    const answer = await getAs(app, 'student', `/api/posts${query}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(errorSchema.parse(answer.json()).detail).toBeTruthy();
  });

  it('answers 401 without a token, before looking at the query', async () => {
    const answer = await app.inject({ url: '/api/posts' });
    expect(answer.statusCode).toBe(401);
  });

  it('answers from the demo set while demo mode is on', async () => {
    const { token } = await signIn(app, 'student');
    const answer = await app.inject({
      url: '/api/posts?post_type=blog',
      headers: { authorization: `Token ${token}`, cookie: 'portal_demo=1' },
    });
    expect(postListSchema.parse(answer.json()).map((p) => p.slug)).toEqual(['demo-news']);
  });
});

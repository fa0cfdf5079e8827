import { describe, expect, it } from 'vitest';
import { fetchPage, fetchPosts } from '../../src/api/content.js';
import { fakeHttp } from './fake-fetch.js';

const page = {
  path: '/resources',
  slug: 'resources',
  published: true,
  preview: false,
  preview_as: null,
  posts: [],
};

describe('content calls', () => {
  it('asks for the page at a path with the token of the client, and parses it', async () => {
    const { http, seen } = fakeHttp(page);
    expect(await fetchPage(http, '/resources')).toEqual(page);
    expect(seen[0]?.url).toBe('http://portal.test/api/pages?path=%2Fresources');
    expect(seen[0]?.authorization).toBe('Token tok');
  });

  it('asks for the staff preview with published=all', async () => {
    const { http, seen } = fakeHttp({ ...page, preview: true });
    await fetchPage(http, '/', true);
    expect(seen[0]?.url).toBe('http://portal.test/api/pages?path=%2F&published=all');
  });

  it('asks for a staff preview as a role with preview_role, and preview_financial for financial access', async () => {
    const as = { role: 'faculty', financial_dashboard_access: true } as const;
    const { http, seen } = fakeHttp({ ...page, preview_as: as });
    expect((await fetchPage(http, '/', false, as))?.preview_as).toEqual(as);
    expect(seen[0]?.url).toBe(
      'http://portal.test/api/pages?path=%2F&preview_role=faculty&preview_financial=1',
    );
  });

  it('answers null when there is no page at the path', async () => {
    const { http } = fakeHttp({ detail: 'There is no page here.' }, 404);
    expect(await fetchPage(http, '/nowhere')).toBeNull();
  });

  it('refuses an answer that is not a page', async () => {
    const { http } = fakeHttp({ path: '/' });
    await expect(fetchPage(http, '/')).rejects.toThrow();
  });

  it('asks for posts by post type', async () => {
    const { http, seen } = fakeHttp([]);
    expect(await fetchPosts(http, { post_type: 'blog' })).toEqual([]);
    expect(seen[0]?.url).toBe('http://portal.test/api/posts?post_type=blog');
  });
});

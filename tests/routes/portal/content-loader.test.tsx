import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '../../../contract/content.schema.js';
import type { UserResult } from '../../../src/api/user.js';
import { staff, student } from '../../machines/fixtures.js';
import { stubApi } from '../../pages/portal/api-stub.js';
import type { StubbedRequest } from '../../pages/portal/api-stub.js';
import { aPost } from '../../ui/portal/posts.js';
import { renderPortal } from './render-portal.js';

const as = (user: typeof student) => async (): Promise<UserResult> => ({ kind: 'user', user });

const pageAt = (path: string, title: string): Page => ({
  path,
  slug: path.slice(1),
  published: true,
  preview: false,
  preview_as: null,
  posts: [aPost({ post_type: 'promo', title })],
});

/** The page reads of `path` (the dashboard reads its own, `/`). */
const pageReads = (requests: StubbedRequest[], path: string) =>
  requests
    .filter((r) => r.path === 'pages')
    .map((r) => new URLSearchParams(r.search))
    .filter((q) => q.get('path') === path);
/** The reads of the blog post `slug` (the dashboard's What's New block reads the newest post). */
const postReads = (requests: StubbedRequest[], slug: string) =>
  requests
    .filter((r) => r.path === 'posts')
    .map((r) => new URLSearchParams(r.search))
    .filter((q) => q.get('slug') === slug);

async function onDashboard(answers: Parameters<typeof stubApi>[0], user = student) {
  const api = stubApi(answers);
  const view = renderPortal('/', as(user));
  await waitFor(() =>
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument(),
  );
  return { ...view, api };
}

describe("the content pages' reads start from their routes' loader", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('preloading /resources asks for its page before the page is drawn, and the page shows that answer', async () => {
    const { router, api } = await onDashboard({
      pages: { json: pageAt('/resources', 'Library hours') },
    });
    expect(pageReads(api.requests, '/resources')).toHaveLength(0);
    await router.preloadRoute({ to: '/resources' });
    expect(pageReads(api.requests, '/resources')).toHaveLength(1);
    expect(screen.queryByRole('heading', { level: 1, name: 'Resources' })).toBeNull();
    await router.navigate({ to: '/resources' });
    expect(await screen.findByText('Library hours')).toBeVisible();
    expect(pageReads(api.requests, '/resources')).toHaveLength(1);
  });

  it('a content page shown again within five minutes shows the answer the router keeps, asking for none', async () => {
    const { router, api } = await onDashboard({
      pages: { json: pageAt('/orientation', 'Week one') },
    });
    await router.navigate({ to: '/$', params: { _splat: 'orientation' } });
    expect(await screen.findByText('Week one')).toBeVisible();
    await router.navigate({ to: '/messages' });
    await waitFor(() => expect(screen.queryByText('Week one')).toBeNull());
    await router.navigate({ to: '/$', params: { _splat: 'orientation' } });
    expect(await screen.findByText('Week one')).toBeVisible();
    expect(pageReads(api.requests, '/orientation')).toHaveLength(1);
  });

  it('preloading a blog post asks for it by its slug once; it is shown again from the kept answer', async () => {
    const { router, api } = await onDashboard({
      posts: { json: [aPost({ post_type: 'blog', title: 'Library open late', slug: 'late' })] },
    });
    await router.preloadRoute({ to: '/whats-new/$blog_slug', params: { blog_slug: 'late' } });
    expect(postReads(api.requests, 'late')).toHaveLength(1);
    await router.navigate({ to: '/whats-new/$blog_slug', params: { blog_slug: 'late' } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Library open late' }),
    ).toBeVisible();
    await router.navigate({ to: '/messages' });
    await router.navigate({ to: '/whats-new/$blog_slug', params: { blog_slug: 'late' } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Library open late' }),
    ).toBeVisible();
    expect(postReads(api.requests, 'late')).toHaveLength(1);
  });

  it('an unknown blog post and a path without a page show not-found from the loader’s answer, each asked once', async () => {
    const { router, api } = await onDashboard({ posts: { json: [] } });
    await router.navigate({ to: '/whats-new/$blog_slug', params: { blog_slug: 'no-such-post' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(postReads(api.requests, 'no-such-post')).toHaveLength(1);
    // `pages` is not answered: 404, no page at that path.
    await router.navigate({ to: '/$', params: { _splat: 'no/such/page' } });
    await waitFor(() => expect(pageReads(api.requests, '/no/such/page')).toHaveLength(1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(pageReads(api.requests, '/no/such/page')).toHaveLength(1);
  });

  it('a path no content page can have is not found without asking, by the loader or the page', async () => {
    const { router, api } = await onDashboard({ pages: { json: pageAt('/x', 'X') } });
    const before = api.requests.filter((r) => r.path === 'pages').length;
    await router.navigate({ to: '/$', params: { _splat: 'Upper.Case' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(api.requests.filter((r) => r.path === 'pages')).toHaveLength(before);
  });

  it('a page whose read failed is not kept: shown again, it is asked for again', async () => {
    const { router, api } = await onDashboard({});
    api.set('pages', { status: 500, json: { detail: 'down' } });
    await router.navigate({ to: '/resources' });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
    api.set('pages', { json: pageAt('/resources', 'Library hours') });
    await router.navigate({ to: '/messages' });
    await router.navigate({ to: '/resources' });
    expect(await screen.findByText('Library hours')).toBeVisible();
    expect(pageReads(api.requests, '/resources')).toHaveLength(2);
  });

  it('staff asking for the drafts on the same address read the preview; their published page stays kept', async () => {
    const { router, api } = await onDashboard(
      { pages: { json: pageAt('/resources', 'Library hours') } },
      staff,
    );
    await router.navigate({ to: '/resources' });
    expect(await screen.findByText('Library hours')).toBeVisible();
    await router.navigate({ to: '/resources', search: { published: 'all' } });
    await waitFor(() => expect(pageReads(api.requests, '/resources')).toHaveLength(2));
    expect(pageReads(api.requests, '/resources')[1]?.get('published')).toBe('all');
    await router.navigate({ to: '/resources' });
    expect(await screen.findByText('Library hours')).toBeVisible();
    expect(pageReads(api.requests, '/resources')).toHaveLength(2);
  });

  it('portal.md §2 step 4: /resources?refresh reads its page anew within the five minutes', async () => {
    const { router, api } = await onDashboard({
      pages: { json: pageAt('/resources', 'Library hours') },
    });
    await router.navigate({ to: '/resources' });
    expect(await screen.findByText('Library hours')).toBeVisible();
    await router.navigate({ to: '/messages' });
    router.history.push('/resources?refresh');
    await waitFor(() => expect(pageReads(api.requests, '/resources')).toHaveLength(2));
    expect(await screen.findByText('Library hours')).toBeVisible();
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserResult } from '../../../src/api/user.js';
import { integrationsAvailable, student as studentUser } from '../../machines/fixtures.js';
import { stubApi } from '../../pages/portal/api-stub.js';
import { portalApp } from '../../../src/routes/portal/app.js';
import { portalRouterAt, renderPortal } from './render-portal.js';
import { NetworkError } from '../../../src/api/errors.js';
import { messagePage } from '../../lib/message-fixtures.js';

const student: UserResult = {
  kind: 'user',
  user: { ...studentUser, financial_dashboard_access: false },
};
const signedIn = async () => student;

/** A content page without posts: every content path has one, so none shows "Page not found". */
const emptyPage = {
  path: '/',
  slug: 'x',
  published: true,
  preview: false,
  preview_as: null,
  posts: [],
};

describe('the portal route table', () => {
  // Every content path has a page (without posts): a path with none would show "Page not found".
  beforeEach(() => {
    stubApi({
      pages: { json: emptyPage },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['/', 'Dashboard'],
    ['/dashboard', 'Dashboard'],
    ['/academics', 'Academics'],
    ['/messages', 'Messages'],
    ['/account', 'Account'],
    ['/resources', 'Resources'],
    ['/finances', 'Finances'],
    ['/community', 'Community'],
    ['/not-found', 'Page not found'],
    ['/404', 'Page not found'],
    ['/whats-new', 'What’s New'],
    ['/whats-new/spring-welcome', 'What’s New'],
    ['/some/content-page', 'Content page'],
  ])('%s shows %s', async (path, heading) => {
    renderPortal(path, signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('unknown paths go to the generic content route with their slug', async () => {
    renderPortal('/orientation/week-one', signedIn);
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('[data-slug]')?.getAttribute('data-slug')).toBe(
      'orientation/week-one',
    );
  });

  it('/task/{task_id} redirects to /, with or without the id', async () => {
    for (const path of ['/task/42', '/task']) {
      const { router, unmount } = renderPortal(path, signedIn);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      // The dashboard itself, not only its address: the redirected load ran.
      expect(await screen.findByText('Hello Ana')).toBeInTheDocument();
      unmount();
    }
  });

  it('greets the user on the dashboard with "Hello" and the display name', async () => {
    renderPortal('/', signedIn);
    expect(await screen.findByText('Hello Ana')).toBeInTheDocument();
  });

  it('shows a loading placeholder and no sections until the user is initialised', async () => {
    let resolve: (r: UserResult) => void = () => {};
    renderPortal('/', () => new Promise((r) => (resolve = r)));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    resolve(student);
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    for (const section of ['Dashboard', 'Academics', 'Finances', 'Community', 'Resources']) {
      expect(menu).toHaveTextContent(section);
    }
  });

  it('replaces the page with the 503 screen when the user call finds the portal down', async () => {
    renderPortal('/', () => Promise.reject(new NetworkError(new TypeError('Failed to fetch'))));
    expect(
      await screen.findByRole('heading', { name: 'One moment, please (503 Error)' }),
    ).toBeInTheDocument();
  });
});

describe('the first load', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts before the first render: the guard checks the status and asks for the user with nothing rendered', async () => {
    const checkStatus = vi.fn(async () => integrationsAvailable);
    const fetchUser = vi.fn(signedIn);
    const { router } = portalRouterAt('/academics', fetchUser, { services: { checkStatus } });
    portalApp(router);
    await vi.waitFor(() => {
      expect(checkStatus).toHaveBeenCalledTimes(1);
      expect(fetchUser).toHaveBeenCalledTimes(1);
    });
  });

  it('asks for the page’s own code while the guard is still waiting for the user, not after it', async () => {
    // Fresh modules: a page's lazy component drops its preload once an earlier test loaded it.
    vi.resetModules();
    const { academicsRoute } = await import('../../../src/routes/portal/page-routes.js');
    const fresh = await import('./render-portal.js');
    const { portalApp: freshApp } = await import('../../../src/routes/portal/app.js');
    const code = academicsRoute.options.component;
    if (!code?.preload) throw new Error('/academics is no longer a page of its own chunk');
    const preload = vi.spyOn(code, 'preload');
    const { router } = fresh.portalRouterAt('/academics', () => new Promise(() => {}));
    freshApp(router);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('follows a redirect of the first load before the router has mounted, and the router does not load again', async () => {
    const checkStatus = vi.fn(async () => integrationsAvailable);
    const { router } = portalRouterAt('/task/42', signedIn, { services: { checkStatus } });
    const app = portalApp(router);
    await vi.waitFor(() => expect(router.state.resolvedLocation?.pathname).toBe('/'));
    const loads = vi.spyOn(router, 'load');
    render(app);
    expect(await screen.findByText('Hello Ana')).toBeInTheDocument();
    expect(loads).not.toHaveBeenCalled();
  });
});

describe("the dashboard's early read", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the route’s loader starts the content read and hands it to the page as loader data: one read of the page', async () => {
    const { requests } = stubApi({
      pages: {
        json: emptyPage,
      },
    });
    const { router } = renderPortal('/', signedIn);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const match = router.state.matches.find((m) => m.routeId === '/');
    const loaderData: unknown = match?.loaderData;
    expect(loaderData).toMatchObject({ reads: { page: { taken: true } } });
    expect(requests.filter((r) => r.path === 'pages')).toHaveLength(1);
  });

  it('a staff preview starts no early read: the page reads its own preview', async () => {
    const { requests } = stubApi({
      pages: {
        json: { path: '/', slug: 'x', published: true, preview: true, preview_as: null, posts: [] },
      },
    });
    const staff: UserResult = { kind: 'user', user: { ...studentUser, is_staff: true } };
    const { router } = renderPortal('/?published=all', async () => staff);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const match = router.state.matches.find((m) => m.routeId === '/');
    const loaderData: unknown = match?.loaderData;
    expect(loaderData).toEqual({ reads: null });
    const reads = requests.filter((r) => r.path === 'pages');
    expect(reads).toHaveLength(1);
    expect(reads[0]?.search).toContain('published=all');
  });
});

describe("the dashboard's blocks read what its route's loader started", () => {
  afterEach(() => vi.unstubAllGlobals());

  const page = emptyPage;
  /** Every address the dashboard reads for a student, each answered. */
  const dashboardApi = () =>
    stubApi({
      pages: { json: page },
      posts: { json: [] },
      'integrations/pdx/events': { json: [] },
      'integrations/rave-messages': { json: { checked: true, alerts: [] } },
      'notifications/user': { json: messagePage([]) },
      'integrations/finti/nudges': { json: [] },
      'integrations/finti/holds': { json: [] },
      'integrations/finti/standing': { json: { p_result: 'Warning' } },
      'integrations/finti/curriculum-info': { json: { p_result: 'Warning' } },
      'integrations/finti/current-term': { json: { p_result: 'Warning' } },
      'integrations/mynextsteps/tasks': { json: [] },
      coursework: { json: { feed: null, items: [] } },
    });
  const countsOf = (requests: { method: string; path: string }[]) => {
    const counts: Record<string, number> = {};
    for (const { method, path } of requests) {
      if (method === 'GET') counts[path] = (counts[path] ?? 0) + 1;
    }
    return counts;
  };
  const blocksSettled = async () => {
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(screen.queryAllByText('Loading')).toHaveLength(0));
  };

  it("the first load asks for each of a student's addresses once, the hold summary and the banner's hold line included", async () => {
    const { requests } = dashboardApi();
    renderPortal('/', signedIn);
    await blocksSettled();
    const counts = countsOf(requests);
    for (const path of [
      'pages',
      'posts',
      'integrations/pdx/events',
      'integrations/rave-messages',
      'integrations/finti/holds',
      'integrations/finti/standing',
      'integrations/finti/curriculum-info',
      'integrations/finti/current-term',
      'integrations/mynextsteps/tasks',
    ]) {
      expect({ path, asked: counts[path] }).toEqual({ path, asked: 1 });
    }
  });

  it('a block whose read failed reads anew on Try again', async () => {
    const api = dashboardApi();
    api.set('posts', { status: 500, json: { detail: 'x', component: 'posts' } });
    renderPortal('/', signedIn);
    const block = await screen.findByTestId('block-whats-new');
    const retry = await within(block).findByRole('button', { name: 'Try again' });
    expect(api.requests.filter((r) => r.path === 'posts')).toHaveLength(1);
    api.set('posts', { json: [] });
    fireEvent.click(retry);
    await waitFor(() => expect(api.requests.filter((r) => r.path === 'posts')).toHaveLength(2));
    await waitFor(() =>
      expect(within(block).queryByRole('button', { name: 'Try again' })).toBeNull(),
    );
  });

  it('the dashboard shown again reads once more, each address once: the reads its last visit took are not taken again', async () => {
    const { requests } = dashboardApi();
    const { router } = renderPortal('/', signedIn);
    await blocksSettled();
    await router.navigate({ to: '/academics' });
    await screen.findByRole('heading', { level: 1, name: 'Academics' });
    await router.navigate({ to: '/' });
    await blocksSettled();
    const counts = countsOf(requests);
    for (const path of [
      'pages',
      'posts',
      'integrations/pdx/events',
      'integrations/mynextsteps/tasks',
    ]) {
      expect({ path, asked: counts[path] }).toEqual({ path, asked: 2 });
    }
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page, Post } from '../../../../contract/content.schema.js';
import { student } from '../../../machines/fixtures.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';
import { aPost } from '../../../ui/portal/posts.js';

/**
 * Issue 87: a content page answers the first page of its posts (3 of 5 here) and `more`; "Show
 * more posts" asks for the page after the last post shown, adds it after the first, and goes at the
 * list's end. A page that fails to load says so, and pressing again loads it.
 */
const posts: Post[] = [1, 2, 3, 4, 5].map((n) =>
  aPost({ post_type: 'accordion', title: `Question ${n}`, body: `<p>Answer ${n}.</p>` }),
);
const third = posts[2]?.pk ?? 0;

function fakeApi(failures: number) {
  const asked: string[] = [];
  let failing = failures;
  const page = (after: string | null): Page => ({
    path: '/resources',
    slug: 'resources',
    published: true,
    preview: false,
    preview_as: null,
    ...(after === String(third)
      ? { posts: posts.slice(3) }
      : { posts: posts.slice(0, 3), more: true }),
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\//, '');
    asked.push(`${path}${url.search}`);
    const after = url.searchParams.get('after');
    if (path === 'pages' && after !== null && failing > 0) {
      failing -= 1;
      return new Response('{"detail":"Failed"}', { status: 500 });
    }
    const answer =
      path === 'pages'
        ? page(after)
        : path === 'integrations/finti/nudges' || path === 'integrations/finti/holds'
          ? []
          : path === 'integrations/rave-messages'
            ? { checked: true, alerts: [] }
            : null;
    if (answer === null) return new Response('{"detail":"Not found"}', { status: 404 });
    return new Response(JSON.stringify(answer), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return asked;
}

describe('a content page’s posts a page at a time (issue 87)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('"Show more posts" is a native button that loads the page after the last post shown, adds it after the first, moves focus to the first post added and goes at the end', async () => {
    const asked = fakeApi(0);
    renderPortal('/resources', async () => ({ kind: 'user', user: student }));
    const more = await screen.findByRole('button', { name: 'Show more posts' }, { timeout: 5000 });
    expect(more.tagName).toBe('BUTTON');
    expect(screen.getByRole('button', { name: 'Question 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Question 4' })).toBeNull();
    more.focus();
    fireEvent.click(more);
    expect(await screen.findByRole('button', { name: 'Question 5' })).toBeInTheDocument();
    expect(asked).toContain(`pages?path=%2Fresources&after=${third}`);
    const titles = screen
      .getAllByRole('button', { name: /^Question/ })
      .map((b) => b.textContent?.trim());
    expect(titles).toEqual(['Question 1', 'Question 2', 'Question 3', 'Question 4', 'Question 5']);
    expect(screen.queryByRole('button', { name: 'Show more posts' })).toBeNull();
    // The button went with the list's end: focus is on the first post added, not lost to the body.
    const fourth = screen.getByRole('button', { name: 'Question 4' }).closest('li');
    await waitFor(() => expect(document.activeElement).toBe(fourth));
  }, 10_000);

  it('a next page that fails to load says so, keeps the posts shown, and loads when asked again', async () => {
    fakeApi(1);
    renderPortal('/resources', async () => ({ kind: 'user', user: student }));
    const more = await screen.findByRole('button', { name: 'Show more posts' }, { timeout: 5000 });
    fireEvent.click(more);
    expect(await screen.findByText('More posts could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Question 3' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show more posts' }));
    expect(await screen.findByRole('button', { name: 'Question 4' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('More posts could not be loaded.')).toBeNull());
  }, 10_000);

  it('while the next page loads the button says so, keeps focus and is not pressed twice', async () => {
    const asked = fakeApi(0);
    renderPortal('/resources', async () => ({ kind: 'user', user: student }));
    const more = await screen.findByRole('button', { name: 'Show more posts' }, { timeout: 5000 });
    more.focus();
    fireEvent.click(more);
    const loading = screen.getByRole('button', { name: 'Loading more posts…' });
    expect(loading).toHaveAttribute('aria-disabled', 'true');
    expect(document.activeElement).toBe(loading);
    fireEvent.click(loading);
    await screen.findByRole('button', { name: 'Question 5' });
    expect(asked.filter((a) => a.includes('after='))).toHaveLength(1);
  }, 10_000);
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message, messagePage } from '../../../lib/message-fixtures.js';
import { student } from '../../../machines/fixtures.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';

/**
 * Issue 87: the first page of messages (3 of 5 here) and "Show more messages" for the rest, with the
 * count and the banner of the whole list.
 */
const all = [1, 2, 3, 4, 5].map((pk) => message(10 - pk, { display_as_banner: false }));

/** The server's list: every message unread until `POST notifications/read` marks them all. */
function fakeApi() {
  const asked: string[] = [];
  let read = false;
  const list = () => all.map((m) => (read ? { ...m, read: true, user_read_on: m.created_on } : m));
  const page = (after: string | null) => ({
    ...(after === 'cursor-1'
      ? messagePage(list().slice(3), null)
      : messagePage(list().slice(0, 3), 'cursor-1')),
    unread: read ? 0 : 5,
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\//, '');
    asked.push(`${request.method === 'GET' ? '' : `${request.method} `}${path}${url.search}`);
    if (request.method === 'POST' && path === 'notifications/read') {
      // Every message: no category.
      expect(Object.keys((await request.json()) as object)).toEqual(['user_read_on']);
      read = true;
    }
    const answer =
      path === 'notifications/read'
        ? { marked: 5, unread: 0 }
        : path === 'notifications/user'
          ? page(url.searchParams.get('after'))
          : path === 'integrations/finti/nudges'
            ? []
            : path === 'integrations/rave-messages'
              ? { checked: true, alerts: [] }
              : path === 'integrations/finti/holds'
                ? []
                : null;
    if (answer === null) return new Response('{"detail":"Not found"}', { status: 404 });
    return new Response(JSON.stringify(answer), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return asked;
}

describe('Messages a page at a time (issue 87)', () => {
  let asked: string[];
  beforeEach(() => {
    sessionStorage.clear();
    asked = fakeApi();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('"Show more messages" is a native button that loads the next page, moves focus to its first message and goes once the list is all shown', async () => {
    renderPortal('/messages', async () => ({ kind: 'user', user: student }));
    const more = await screen.findByRole(
      'button',
      { name: 'Show more messages' },
      { timeout: 5000 },
    );
    expect(more.tagName).toBe('BUTTON');
    // The count is of the whole list, not of the page shown.
    expect(screen.getByText('5 unread')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Message 6' })).toBeNull();
    more.focus();
    fireEvent.click(more);
    const added = await screen.findByRole('heading', { name: 'Message 6' });
    await waitFor(() => expect(document.activeElement).toBe(added.closest('article')));
    expect(asked).toContain('notifications/user?after=cursor-1');
    expect(screen.getByRole('heading', { name: 'Message 5' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more messages' })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(5);
  }, 10_000);

  it('"Mark all read" with more pages than loaded marks every page read by one call: the count is of the whole list, and the next page comes read', async () => {
    renderPortal('/messages', async () => ({ kind: 'user', user: student }));
    const markAll = await screen.findByRole('button', { name: 'Mark all read' }, { timeout: 5000 });
    expect(screen.getByText('5 unread')).toBeInTheDocument();
    fireEvent.click(markAll);
    expect(
      await screen.findByText('You are all caught up: no unread messages.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /unread/ })).toBeNull();
    await waitFor(() => expect(asked).toContain('POST notifications/read'));
    expect(asked.filter((a) => a.startsWith('PATCH'))).toEqual([]);
    // The refresh after it; the page not loaded comes read from the server.
    await waitFor(() => expect(asked.filter((a) => a === 'notifications/user')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Show more messages' }));
    await screen.findByRole('heading', { name: 'Message 6' });
    expect(screen.getByText('You are all caught up: no unread messages.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Mark read/ })).toBeNull();
  }, 10_000);
});

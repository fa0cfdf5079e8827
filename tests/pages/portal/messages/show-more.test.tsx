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
const firstPage = { ...messagePage(all.slice(0, 3), 'cursor-1'), unread: 5 };
const secondPage = { ...messagePage(all.slice(3), null), unread: 5 };

function fakeApi() {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(new Request(input, init).url);
    const path = url.pathname.replace(/^\/api\//, '');
    asked.push(`${path}${url.search}`);
    const answer =
      path === 'notifications/user'
        ? url.searchParams.get('after') === 'cursor-1'
          ? secondPage
          : firstPage
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
});

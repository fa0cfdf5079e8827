import { RouterContextProvider } from '@tanstack/react-router';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useMarkBlogMessagesRead } from '../../../../src/pages/portal/content/use-mark-blog-messages-read.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emergencyAlert, message, messagePage, nudge } from '../../../lib/message-fixtures.js';
import { student } from '../../../machines/fixtures.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';

const alert = emergencyAlert;
const hold = {
  HOLD: 'RH',
  HOLDDESCRIPTION: 'Registration Hold',
  HOLDAMOUNT: 0,
  HOLDFROMDATE: '2026-10-15',
  HOLDTODATE: '2099-12-31',
  HOLDORIGINATINGOFFICE: 'SFS',
  HOLDORIGINATINGOFFICEDESCRIPTION: 'Student Financial Services',
  HOLDRELEASEINDICATOR: 'N',
  PROCESSAFFECTED: ['Registration'],
  REASON: null,
  STUDENTID: '900000001',
};

class Unanswered extends Error {}

/**
 * The portal API as the message views call it; records every call. `elsewhere` answers 404 to the
 * calls of the rest of the dashboard (its content, profile and feeds), which these tests do not read.
 */
function fakeApi(blogUnread = false, elsewhere = false, pageSize = 3) {
  const calls: string[] = [];
  // Newest first; the blog message is the oldest, on the last page when a page holds fewer.
  let stored = [
    message(2, { display_as_banner: false }),
    message(1, { title: 'Registration opens' }),
    message(3, {
      category: 'blog',
      display_as_banner: false,
      read: !blogUnread,
      created_on: '2026-10-31T00:00:00.000Z',
    }),
  ];
  const answer = (url: URL, method: string, body: unknown): unknown => {
    const path = url.pathname.replace(/^\/api\//, '');
    if (path === 'notifications/user') {
      // Issue 87: a page of `pageSize`, the count and banner of the whole list.
      const whole = messagePage(stored);
      const after = url.searchParams.get('after') === 'next';
      const page = after ? stored.slice(pageSize) : stored.slice(0, pageSize);
      return { ...whole, messages: page, next: after || stored.length <= pageSize ? null : 'next' };
    }
    if (path === 'notifications/read' && method === 'POST') {
      const { category } = body as { category?: string };
      const marking = (m: (typeof stored)[number]) =>
        !m.read && (!category || m.category === category);
      const marked = stored.filter(marking).length;
      stored = stored.map((m) =>
        marking(m) ? { ...m, read: true, user_read_on: '2026-11-21T12:00:00.000Z' } : m,
      );
      return { marked, unread: stored.filter((m) => !m.read).length };
    }
    if (path === 'integrations/finti/nudges')
      return method === 'POST' ? { nudge_type: 'CONTACT' } : [nudge(9)];
    if (path === 'integrations/finti/holds') return [hold];
    if (path === 'integrations/rave-messages') return { checked: true, alerts: [alert] };
    if (path.startsWith('integrations/rave-messages/')) return { ...alert, read: true };
    const pk = /^notifications\/(\d+)$/.exec(path)?.[1];
    const found = stored.find((m) => String(m.pk) === pk);
    if (found) return { ...found, read: true, user_read_on: '2026-11-21T12:00:00.000Z' };
    if (elsewhere) throw new Unanswered(path);
    throw new Error(`unexpected call ${method} ${path}`);
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body: unknown = request.method === 'GET' ? null : await request.json();
    const category = (body as { category?: string } | null)?.category;
    calls.push(`${request.method} ${url.pathname}${category ? ` ${category}` : ''}`);
    try {
      return new Response(JSON.stringify(answer(url, request.method, body)), {
        headers: { 'content-type': 'application/json' },
      });
    } catch (error) {
      if (!(error instanceof Unanswered)) throw error;
      return new Response(JSON.stringify({ detail: 'Not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }
  });
  return calls;
}

const HOLD_SENTENCE =
  'There is a hold on your student account that might affect course registration. Please visit the Account page for more information.';

describe('the Messages page, bell, banner and emergency alerts', () => {
  let calls: string[];
  beforeEach(() => {
    sessionStorage.clear();
    calls = fakeApi();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('every view shares one load; the bell shows the unread count, and a read on the page drops it', async () => {
    renderPortal('/messages', async () => ({ kind: 'user', user: student }));
    const bell = await screen.findByRole('link', { name: 'Messages, 3 unread' }, { timeout: 5000 });
    expect(document.title).toBe('Messages · Campus Portal');
    // The page lists each message once: the banner is not repeated above it.
    await screen.findByRole('button', { name: 'Mark read: Message 2' });
    expect(screen.queryByRole('region', { name: 'Messages for you' })).toBeNull();
    expect(screen.getAllByText('Registration opens')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Campus alert test');
    expect(calls.filter((c) => c === 'GET /api/notifications/user')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Mark read: Message 2' }));
    await waitFor(() => expect(bell).toHaveAccessibleName('Messages, 2 unread'));
    await waitFor(() =>
      expect(calls.filter((c) => c === 'GET /api/notifications/user')).toHaveLength(2),
    );
    expect(calls).toContain('PATCH /api/notifications/2');
  }, 10_000);

  it('dismissing the nudge line goes through nudge dismissal', async () => {
    vi.unstubAllGlobals();
    calls = fakeApi(false, true);
    renderPortal('/', async () => ({ kind: 'user', user: student }));
    const banner = await screen.findByRole(
      'region',
      { name: 'Messages for you' },
      { timeout: 8000 },
    );
    const nudgeLine = await within(banner).findByRole('button', {
      name: /^Dismiss: There is information/,
    });
    fireEvent.click(nudgeLine);
    await waitFor(() => expect(calls).toContain('POST /api/integrations/finti/nudges'));
  }, 10_000);

  it('the hold line for students (portal.md §4, §8, issue 57): the exact sentence in the banner area, also where the profile summary lists the hold, dismissible for the session', async () => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    calls = fakeApi(false, true);
    const first = renderPortal('/', async () => ({ kind: 'user', user: student }));
    const banner = await screen.findByRole(
      'region',
      { name: 'Messages for you' },
      { timeout: 8000 },
    );
    const hold = await within(banner).findByText(HOLD_SENTENCE);
    expect(within(hold).getByRole('link', { name: 'See your holds' })).toHaveAttribute(
      'href',
      '/account#holds',
    );
    // The profile summary lists the hold as well.
    expect(await screen.findByText('Registration Hold')).toBeInTheDocument();
    fireEvent.click(within(banner).getByRole('button', { name: `Dismiss: ${HOLD_SENTENCE}` }));
    await waitFor(() => expect(within(banner).queryByText(HOLD_SENTENCE)).toBeNull());
    first.unmount();
    // The dashboard opened again in the same session: still dismissed; the holds summary stays.
    renderPortal('/', async () => ({ kind: 'user', user: student }));
    await screen.findByRole('region', { name: 'Messages for you' }, { timeout: 8000 });
    expect(await screen.findByText('Registration Hold')).toBeInTheDocument();
    expect(screen.queryByText(HOLD_SENTENCE)).toBeNull();
    sessionStorage.clear();
  }, 20_000);

  it('an emergency alert stays until read, then is read through its own call', async () => {
    renderPortal('/messages', async () => ({ kind: 'user', user: student }));
    const shown = await screen.findByRole('alert');
    await act(async () => {
      fireEvent.click(within(shown).getByRole('button', { name: 'Mark read: Campus alert test' }));
    });
    expect(screen.queryByText('Campus alert test')).toBeNull();
    await waitFor(() =>
      expect(calls).toContain('PATCH /api/integrations/rave-messages/aaaaaaaaaaaaaaaa'),
    );
  });

  it("opening What's New marks the unread blog messages read, then refreshes the messages after 1 second", async () => {
    calls = fakeApi(true);
    const view = renderPortal('/messages', async () => ({ kind: 'user', user: student }));
    await screen.findByRole('link', { name: 'Messages, 4 unread' }, { timeout: 5000 });
    // The hook reads the portal's dependencies from the router, as a container on the page does.
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RouterContextProvider router={view.router}>{children}</RouterContextProvider>
    );
    const loads = () => calls.filter((c) => c === 'GET /api/notifications/user').length;
    renderHook(() => useMarkBlogMessagesRead(), { wrapper });
    await screen.findByRole('link', { name: 'Messages, 3 unread' });
    await waitFor(() => expect(calls).toContain('POST /api/notifications/read blog'));
    expect(calls.filter((c) => c.startsWith('PATCH /api/notifications'))).toEqual([]);
    await new Promise((r) => setTimeout(r, 700));
    expect(loads()).toBe(1);
    await waitFor(() => expect(loads()).toBe(2), { timeout: 2000 });
    expect(screen.getByRole('link', { name: 'Messages, 3 unread' })).toBeInTheDocument();
  }, 10_000);

  it("opening What's New marks the unread blog messages of pages not loaded too, by one call, leaving the others unread", async () => {
    // Two messages a page: the unread blog message is on the page not loaded.
    calls = fakeApi(true, false, 2);
    const view = renderPortal('/messages', async () => ({ kind: 'user', user: student }));
    await screen.findByRole('link', { name: 'Messages, 4 unread' }, { timeout: 5000 });
    await screen.findByRole('button', { name: 'Show more messages' });
    expect(screen.queryByRole('heading', { name: 'Message 3' })).toBeNull();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RouterContextProvider router={view.router}>{children}</RouterContextProvider>
    );
    renderHook(() => useMarkBlogMessagesRead(), { wrapper });
    await waitFor(() => expect(calls).toContain('POST /api/notifications/read blog'));
    expect(calls.filter((c) => c.startsWith('PATCH /api/notifications'))).toEqual([]);
    await waitFor(
      () => expect(calls.filter((c) => c === 'GET /api/notifications/user')).toHaveLength(2),
      { timeout: 2500 },
    );
    // The refresh counts the blog message read; messages 1 and 2 and the nudge are still unread.
    await screen.findByRole('link', { name: 'Messages, 3 unread' });
    fireEvent.click(screen.getByRole('button', { name: 'Show more messages' }));
    await screen.findByRole('heading', { name: 'Message 3' });
    expect(screen.queryByRole('button', { name: 'Mark read: Message 3' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark read: Message 2' })).toBeInTheDocument();
  }, 10_000);
});

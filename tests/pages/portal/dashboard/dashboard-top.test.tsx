import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emergencyAlert, message, messagePage } from '../../../lib/message-fixtures.js';
import { student } from '../../../machines/fixtures.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';

const alert = emergencyAlert;

/** Answers each path when the test releases it; unknown paths answer 404 at once. */
function heldApi(held: string[]) {
  const releases = new Map<string, () => void>();
  const answers: Record<string, unknown> = {
    'notifications/user': messagePage([message(1, { title: 'Registration opens' })]),
    'integrations/rave-messages': { checked: true, alerts: [alert] },
  };
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(new Request(input, init).url).pathname.replace(/^\/api\//, '');
    asked.push(path);
    if (held.includes(path)) await new Promise<void>((r) => releases.set(path, r));
    const known = path in answers;
    return new Response(JSON.stringify(known ? answers[path] : { detail: 'Not found.' }), {
      status: known ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  const release = async (path: string) => {
    await vi.waitFor(() => expect(releases.has(path)).toBe(true));
    await act(async () => releases.get(path)?.());
  };
  return Object.assign(release, { asked });
}

const toolbar = () => screen.queryByRole('heading', { level: 1, name: 'Dashboard' });

describe('the first screen of a page does not move when its top arrives (portal.md §2 Top)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the dashboard waits for its banner lines, then shows them with the toolbar in one render', async () => {
    const release = heldApi(['notifications/user']);
    renderPortal('/', async () => ({ kind: 'user', user: student }));
    await screen.findByText('Campus alert test');
    expect(toolbar()).toBeNull();
    expect(screen.getByRole('main')).toHaveTextContent('Loading');
    await release('notifications/user');
    expect(await screen.findByText('Registration opens')).toBeInTheDocument();
    expect(toolbar()).toBeInTheDocument();
  });

  it('every page waits for the emergency alerts above it, then shows below them', async () => {
    const release = heldApi(['integrations/rave-messages']);
    renderPortal('/academics', async () => ({ kind: 'user', user: student }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    await release('integrations/rave-messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Academics' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main.firstElementChild).toHaveTextContent('Campus alert test');
  });

  it('a slow alert feed holds a page for 1.5 seconds at most', async () => {
    heldApi(['integrations/rave-messages']);
    renderPortal('/academics', async () => ({ kind: 'user', user: student }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Academics' }, { timeout: 3_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Campus alert test')).toBeNull();
  });

  it('the dashboard reads its content once: the read the route started is the one the page takes', async () => {
    const api = heldApi([]);
    renderPortal('/', async () => ({ kind: 'user', user: student }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(api.asked.filter((path) => path === 'pages')).toEqual(['pages']);
  });
});

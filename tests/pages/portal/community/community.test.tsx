import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CalendarSubscription } from '../../../../contract/calendar.schema.js';
import type { UserResult } from '../../../../src/api/user.js';
import { student as studentUser } from '../../../machines/fixtures.js';
import { feedEvent, feedEvents } from '../../../ui/portal/community/events.fixtures.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';
import { selectApiErrors } from '../../../../src/machines/app.machine.js';

const signedIn = async (): Promise<UserResult> => ({ kind: 'user', user: studentUser });
const path = `/calendar/${'a'.repeat(43)}.ics`;

/** The API as the browser sees it: each path answers from `answers` (a status or a body). */
function stubApi(answers: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    calls.push(key);
    const answer = answers[key] ?? answers[new URL(request.url).pathname];
    if (typeof answer === 'number') return Response.json({ detail: 'down' }, { status: answer });
    return Response.json(answer ?? []);
  });
  return calls;
}

const feeds = {
  '/api/integrations/pdx/events': feedEvents(12),
  '/api/integrations/pdxcampusgroups/events': [
    feedEvent(20, { title: 'Board Game Night', group: 'Tabletop Club' }),
  ],
  '/api/integrations/pdxcampusgroups/news': [feedEvent(30, { title: 'Robotics wins' })],
  'GET /api/calendar/subscription': { state: 'none' } satisfies CalendarSubscription,
};

// The browser's own zone must not change what the page says.
const originalTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  process.env.TZ = originalTz;
});
afterEach(() => vi.unstubAllGlobals());

describe('/community', () => {
  it('is titled "Community · Campus Portal" and shows the three feeds', async () => {
    stubApi(feeds);
    renderPortal('/community', signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: 'Community' })).toBeInTheDocument();
    expect(document.title).toBe('Community · Campus Portal');
    const university = await screen.findByRole('region', { name: 'University events' });
    expect(await within(university).findAllByRole('article')).toHaveLength(12);
    expect(await screen.findByRole('link', { name: /Board Game Night/ })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Robotics wins/ })).toBeInTheDocument();
  });

  it('event times read in America/Los_Angeles with the browser in Asia/Tokyo', async () => {
    stubApi(feeds);
    renderPortal('/community', signedIn);
    const time = await screen.findByText('Nov 11, 2026, 6:00 PM – 8:00 PM PST');
    expect(time).toHaveAttribute('datetime', '2026-11-12T02:00:00.000Z');
  });

  it('a failing feed shows "Error retrieving info" with a retry; the other feeds still show', async () => {
    const calls = stubApi({ ...feeds, '/api/integrations/pdxcampusgroups/events': 500 });
    const { app } = renderPortal('/community', signedIn);
    const groups = await screen.findByRole('region', { name: 'Campus group events' });
    expect(await within(groups).findByText('Error retrieving info')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Robotics wins/ })).toBeInTheDocument();
    expect(selectApiErrors(app.getSnapshot())).toContainEqual(
      expect.objectContaining({ component: 'campus-groups-events' }),
    );
    fireEvent.click(within(groups).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.endsWith('pdxcampusgroups/events'))).toHaveLength(2),
    );
  });

  it('an empty feed says so', async () => {
    stubApi({ ...feeds, '/api/integrations/pdxcampusgroups/news': [] });
    renderPortal('/community', signedIn);
    expect(await screen.findByText('No news right now.')).toBeInTheDocument();
  });
});

describe('the calendar subscription on /community', () => {
  it('creates a link, copies it, and resets it only after a confirmation', async () => {
    const fresh: CalendarSubscription = {
      state: 'ready',
      path,
      created_at: '2026-11-22T12:00:00.000Z',
    };
    const calls = stubApi({ ...feeds, 'POST /api/calendar/subscription': fresh });
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    renderPortal('/community', signedIn);
    fireEvent.click(await screen.findByRole('button', { name: 'Create calendar link' }));
    const field = await screen.findByLabelText('Calendar link');
    expect(field).toHaveValue(`${location.origin}${path}`);

    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText(/Link copied/)).toBeInTheDocument();
    expect(copied).toEqual([`${location.origin}${path}`]);

    const reset = screen.getByRole('button', { name: 'Reset link' });
    fireEvent.click(reset);
    expect(reset).toHaveAttribute('aria-expanded', 'true');
    expect(calls.filter((c) => c === 'POST /api/calendar/subscription')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, reset link' }));
    await waitFor(() =>
      expect(calls.filter((c) => c === 'POST /api/calendar/subscription')).toHaveLength(2),
    );
  });
});

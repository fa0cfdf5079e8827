import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { student } from '../../machines/fixtures.js';
import { stubApi } from '../../pages/portal/api-stub.js';
import type { StubbedRequest } from '../../pages/portal/api-stub.js';
import { feedEvent } from '../../ui/portal/community/events.fixtures.js';
import { renderPortal } from './render-portal.js';

const EVENTS = 'integrations/pdx/events';
const GROUPS = 'integrations/pdxcampusgroups/events';
const NEWS = 'integrations/pdxcampusgroups/news';
const CALENDAR = 'calendar/subscription';
/** The Community page's reads; the dashboard reads the university's events too. */
const asked = (requests: StubbedRequest[]) => ({
  groups: requests.filter((r) => r.path === GROUPS).length,
  news: requests.filter((r) => r.path === NEWS).length,
  calendar: requests.filter((r) => r.path === CALENDAR).length,
});
const eventsAsked = (requests: StubbedRequest[]) =>
  requests.filter((r) => r.path === EVENTS).length;

function communityApi() {
  return stubApi({
    [EVENTS]: { json: [feedEvent(1, { title: 'Homecoming' })] },
    [GROUPS]: { json: [feedEvent(20, { title: 'Board Game Night', group: 'Tabletop Club' })] },
    [NEWS]: { json: [feedEvent(30, { title: 'Robotics wins' })] },
    [CALENDAR]: { json: { state: 'none' } },
  });
}

async function onDashboard() {
  const api = communityApi();
  const view = renderPortal('/', async () => ({ kind: 'user', user: student }));
  await waitFor(() =>
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument(),
  );
  return { ...view, api };
}

describe("Community's reads start from its route's loader", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('preloading /community asks for its feeds and the calendar subscription before its page is drawn', async () => {
    const { router, api } = await onDashboard();
    await waitFor(() => expect(eventsAsked(api.requests)).toBe(1));
    expect(asked(api.requests)).toEqual({ groups: 0, news: 0, calendar: 0 });
    await router.preloadRoute({ to: '/community' });
    expect(asked(api.requests)).toEqual({ groups: 1, news: 1, calendar: 1 });
    expect(eventsAsked(api.requests)).toBe(2);
    expect(screen.queryByRole('heading', { level: 1, name: 'Community' })).toBeNull();
    await router.navigate({ to: '/community' });
    expect(await screen.findByRole('link', { name: /Board Game Night/ })).toBeVisible();
    const university = await screen.findByRole('region', { name: 'University events' });
    expect(await within(university).findByText('Homecoming')).toBeVisible();
    expect(asked(api.requests)).toEqual({ groups: 1, news: 1, calendar: 1 });
    expect(eventsAsked(api.requests)).toBe(2);
  });

  it('Community shown again within five minutes shows the answers the router keeps, asking for none', async () => {
    const { router, api } = await onDashboard();
    await router.navigate({ to: '/community' });
    expect(await screen.findByRole('link', { name: /Robotics wins/ })).toBeVisible();
    await router.navigate({ to: '/messages' });
    await waitFor(() => expect(screen.queryByRole('link', { name: /Robotics wins/ })).toBeNull());
    const events = eventsAsked(api.requests);
    await router.navigate({ to: '/community' });
    expect(await screen.findByRole('link', { name: /Robotics wins/ })).toBeVisible();
    expect(await screen.findByRole('link', { name: /Board Game Night/ })).toBeVisible();
    expect(asked(api.requests)).toEqual({ groups: 1, news: 1, calendar: 1 });
    expect(eventsAsked(api.requests)).toBe(events);
  });

  it('a feed that failed is not kept: Community shown again asks for it again', async () => {
    const { router, api } = await onDashboard();
    api.set(NEWS, { status: 500, json: { detail: 'down', component: 'campus-groups-news' } });
    await router.navigate({ to: '/community' });
    const news = await screen.findByRole('region', { name: 'Campus group news' });
    expect(await within(news).findByText('Error retrieving info')).toBeVisible();
    api.set(NEWS, { json: [feedEvent(30, { title: 'Robotics wins' })] });
    await router.navigate({ to: '/messages' });
    await router.navigate({ to: '/community' });
    expect(await screen.findByRole('link', { name: /Robotics wins/ })).toBeVisible();
    expect(asked(api.requests)).toEqual({ groups: 1, news: 2, calendar: 1 });
  });
});

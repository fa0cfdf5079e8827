import {
  RouterProvider,
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
} from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultCampus } from '../../../../../contract/campus.schema.js';
import { SAMPLE_HOLIDAYS } from '../../../../../contract/sample-holidays.js';
import { firstReadsFor } from '../../../../../src/api/first-reads.js';
import { createHttp } from '../../../../../src/api/client.js';
import { createPortalShell, withSite } from '../../../../../src/portal-shell.js';
import { TodaysClassesBlock } from '../../../../../src/pages/portal/dashboard/blocks/todays-classes-block.js';
import type { PortalContext } from '../../../../../src/routes/portal/context.js';
import {
  integrationsAvailable,
  quietMessageServices,
  student,
} from '../../../../machines/fixtures.js';
import { failing, studentAnswers, stubApi } from '../../fake-academics-api.js';
import type { Answer } from '../../fake-academics-api.js';
import { selectApiErrors } from '../../../../../src/machines/app.machine.js';
import { wholeText } from '../../../../matchers.js';

/** The block alone, in a one-route router (for its link) carrying the real shell as its context. */
async function renderBlock(changes: Record<string, Answer> = {}) {
  stubApi({ ...studentAnswers(), ...changes });
  const shell = createPortalShell({
    services: {
      messages: quietMessageServices,
      checkStatus: async () => integrationsAvailable,
      fetchUser: async () => ({ kind: 'user', user: student }),
      clearCache: async () => ({ cleared: 0 }),
      refreshRoles: () => new Promise(() => {}),
      setDemoState: async (active) => active,
      loadProfile: async () => null,
      findPost: async () => null,
    },
    demoActive: false,
    leave: () => {},
  });
  const http = createHttp({ baseUrl: 'http://localhost:3000/api' });
  const context: PortalContext = {
    ...withSite(
      shell,
      { campus: { ...defaultCampus, holidays: SAMPLE_HOLIDAYS }, build: 'abc1234' },
      http,
      firstReadsFor(http),
    ),
    runGuard: async () => {},
  };
  const router = createRouter({
    routeTree: createRootRouteWithContext<PortalContext>()({ component: TodaysClassesBlock }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context,
  });
  render(<RouterProvider router={router} />);
  await router.load();
  return context;
}

const at = (iso: string) => vi.setSystemTime(new Date(iso));

describe("Today's Classes", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("lists today's classes of the campus day with their times, and links to the full schedule", async () => {
    // Wednesday 2026-11-25, 8:00 on campus (16:00 UTC).
    at('2026-11-25T16:00:00.000Z');
    await renderBlock();
    const block = await screen.findByRole('region', { name: "Today's Classes" });
    const item = await within(block).findByText('CS 161');
    expect(item.closest('li')).toHaveTextContent('10:00 AM – 11:50 AM');
    expect(within(block).getAllByRole('listitem')).toHaveLength(1);
    expect(within(block).getByRole('link', { name: 'View full schedule' })).toHaveAttribute(
      'href',
      '/academics#schedule',
    );
  });

  it("at 5 PM on a campus Thursday it is still Thursday's classes, though UTC is on Friday", async () => {
    // Thursday 2026-11-19, 5:00 PM on campus.
    at('2026-11-20T01:00:00.000Z');
    await renderBlock();
    expect(await screen.findByText('WR 121')).toBeInTheDocument();
    expect(screen.queryByText('CS 161')).not.toBeInTheDocument();
  });

  it('lists no classes on a campus holiday (Thanksgiving), and names the holiday', async () => {
    // Thursday 2026-11-26, 11:00 on campus: WR 121 meets on Thursdays, but not on Thanksgiving.
    at('2026-11-26T19:00:00.000Z');
    await renderBlock();
    expect(
      await screen.findByText(wholeText('No classes today: Thanksgiving holiday')),
    ).toBeInTheDocument();
    expect(screen.queryByText('WR 121')).not.toBeInTheDocument();
  });

  it('says "No classes today" on a day without classes', async () => {
    at('2026-11-22T20:00:00.000Z');
    await renderBlock();
    expect(await screen.findByText('No classes today')).toBeInTheDocument();
  });

  it('has a loading state, and an error state with a retry that reports the failure', async () => {
    at('2026-11-25T16:00:00.000Z');
    const context = await renderBlock({ '/api/integrations/finti/schedule?term=202604': failing });
    expect(await screen.findByText('Error retrieving info')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(selectApiErrors(context.app.getSnapshot())).toEqual([
      { type: 'api', component: 'schedule', message: 'Error retreiving data' },
    ]);
  });

  it('shows its loading state while the schedule is on its way', async () => {
    at('2026-11-25T16:00:00.000Z');
    await renderBlock({ '/api/integrations/finti/schedule?term=202604': 'hang' });
    expect(await screen.findByRole('status')).toHaveTextContent("Loading today's classes");
  });
});

import {
  RouterProvider,
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defaultCampus } from '../../../../contract/campus.schema.js';
import { dashboardLayoutSchema } from '../../../../contract/dashboard.schema.js';
import type { DashboardLayout } from '../../../../contract/dashboard.schema.js';
import { firstReadsFor } from '../../../../src/api/first-reads.js';
import { createHttp } from '../../../../src/api/client.js';
import { createPortalShell, withSite } from '../../../../src/portal-shell.js';
import { useArrangement } from '../../../../src/pages/portal/dashboard/use-arrangement.js';
import type { PortalContext } from '../../../../src/routes/portal/context.js';
import {
  integrationsAvailable,
  quietMessageServices,
  student,
} from '../../../machines/fixtures.js';

/** The portal's API for the layout: no mandatory block beyond the standard, each save recorded. */
function stubLayoutApi() {
  const saved: DashboardLayout[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    if (path === '/api/dashboard/blocks') return json({ mandatory: [] });
    if (request.method === 'PUT' && path === `/api/preferences/${student.preferences.pk}`) {
      const change = z
        .object({ dashboard_layout: dashboardLayoutSchema })
        .parse(await request.json());
      saved.push(change.dashboard_layout);
      return json({ ...student.preferences, dashboard_layout: change.dashboard_layout });
    }
    return new Response(null, { status: 404 });
  });
  return saved;
}

/** What the dashboard is told, and its controls, from the hook alone. */
function Probe() {
  const [arrangement, layoutActor] = useArrangement(student);
  return (
    <>
      {layoutActor}
      <p>{arrangement.customising ? 'customising' : 'viewing'}</p>
      <p>{arrangement.layout?.hidden.join(',') ?? 'standard'}</p>
      <button type="button" onClick={arrangement.onCustomise}>
        Customise
      </button>
      <button type="button" onClick={() => arrangement.onHide('whats-new')}>
        Hide
      </button>
    </>
  );
}

async function renderProbe() {
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
    ...withSite(shell, { campus: defaultCampus, build: 'abc1234' }, http, firstReadsFor(http)),
    runGuard: async () => {},
  };
  const router = createRouter({
    routeTree: createRootRouteWithContext<PortalContext>()({ component: Probe }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context,
  });
  render(<RouterProvider router={router} />);
  await act(() => router.load());
}

afterEach(() => vi.unstubAllGlobals());

describe('the dashboard layout (issue 63: its machine loads after the first screen)', () => {
  it('issue 63: a Customise and a hide asked for before the layout machine has loaded are made, and saved once, when it has', async () => {
    const saved = stubLayoutApi();
    await renderProbe();
    // The first screen: the person's saved layout (none: the standard one), not customising.
    expect(screen.getByText('viewing')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Customise' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.getByText('customising')).toBeTruthy());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.hidden).toEqual(['whats-new']);
    expect(screen.getByText('whats-new')).toBeTruthy();
  });
});

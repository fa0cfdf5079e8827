/** Today's Classes alone, for its tests (todays-classes-block, todays-appointments). */
import {
  RouterProvider,
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
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
import { studentAnswers, stubApi } from '../../fake-academics-api.js';
import type { Answer } from '../../fake-academics-api.js';

/** The block alone, in a one-route router (for its link) carrying the real shell as its context. */
export async function renderBlock(changes: Record<string, Answer> = {}) {
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

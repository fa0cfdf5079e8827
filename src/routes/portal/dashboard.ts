import { createRoute, redirect } from '@tanstack/react-router';
import {
  DashboardAliasContainer,
  DashboardContainer,
} from '../../pages/portal/dashboard/dashboard-container.js';
import { startDashboardReads } from '../../pages/portal/dashboard/early-read.js';
import { pageSearchSchema } from '../../pages/portal/shared/content-search.js';
import type { PageSearch } from '../../pages/portal/shared/content-search.js';
import type { PortalContext } from './context.js';
import { selectDelegating } from '../../machines/app.machine.js';
import { isStudentUser } from '../../pages/portal/shared/student-user.js';
import { rootRoute } from './root.js';

/**
 * The dashboard's reads (its content and its blocks') start as the router loads the route (after the
 * guard, or on the intent to follow a link to it), so they are under way while the page renders; the
 * loader hands them to the container as its data, and the page and each block take theirs once. A
 * staff preview reads its own way.
 */
const dashboardLoading = {
  // Issue 88: the dashboard joins every part of the record, so it is never a delegate's: they land
  // on the first section the student shared (Next Steps, its own app, by a page load). Where is a
  // chunk of its own, off the first route, loaded in delegate capacity only.
  beforeLoad: async ({ context }: { context: PortalContext }) => {
    const delegating = selectDelegating(context.app.getSnapshot());
    if (!delegating) return;
    const { delegateLanding, NEXT_STEPS_HOME } = await import('../../lib/delegate-sections.js');
    const to = delegateLanding(delegating.categories);
    throw to === NEXT_STEPS_HOME
      ? redirect({ href: to, reloadDocument: true, replace: true })
      : redirect({ to, replace: true });
  },
  validateSearch: pageSearchSchema,
  loaderDeps: ({ search }: { search: PageSearch }) => ({
    preview: search.published !== undefined || search.preview_role !== undefined,
  }),
  loader: {
    handler: ({ context, deps }: { context: PortalContext; deps: { preview: boolean } }) => ({
      reads: deps.preview
        ? null
        : startDashboardReads(context.http, context.firstReads, isStudentUser(context)),
    }),
    // The page shown again from the router's cache waits for its new reads (the loader returns at
    // once) rather than render with the reads its last visit took and read everything again.
    staleReloadMode: 'blocking' as const,
  },
};

/** `/`: the dashboard, the first page of the portal; its container is in the entry chunk. */
export const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  ...dashboardLoading,
  component: DashboardContainer,
});

/** `/dashboard` is an alias of `/`. */
export const dashboardAliasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard',
  ...dashboardLoading,
  component: DashboardAliasContainer,
});

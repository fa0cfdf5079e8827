import { useRouter, useRouterState } from '@tanstack/react-router';
import type { ParsedLocation } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import type { Campus } from '../../../contract/campus.schema.js';
import type { Http } from '../../api/client.js';
import type { FirstReads } from '../../api/first-reads.js';
import type { appMachine } from '../../machines/app.machine.js';
import type { AppUpdateRef } from '../../machines/app-update.machine.js';
import type { ConnectionRef } from '../../machines/connection.machine.js';
import type { demoMachine } from '../../machines/demo.machine.js';
import type { flashMachine } from '../../machines/flash.machine.js';
import type { guardMachine } from '../../machines/guard.machine.js';
import type { menuMachine } from '../../machines/menu.machine.js';
import type { modalMachine } from '../../machines/modal.machine.js';
import type { portalMachine } from '../../machines/portal.machine.js';

/** The portal system (src/machines/portal.machine.ts) and the actors it invokes, by systemId. */
export interface PortalActors {
  portal: ActorRefFrom<typeof portalMachine>;
  app: ActorRefFrom<typeof appMachine>;
  guard: ActorRefFrom<typeof guardMachine>;
  demo: ActorRefFrom<typeof demoMachine>;
  modal: ActorRefFrom<typeof modalMachine>;
  flash: ActorRefFrom<typeof flashMachine>;
  menu: ActorRefFrom<typeof menuMachine>;
  connection: ConnectionRef;
  appUpdate: AppUpdateRef;
}

/**
 * The router context (src/routes/portal/router.ts): what every portal route and container can reach,
 * the long-lived actors and the campus configuration.
 */
export interface PortalContext extends PortalActors {
  campus: Campus;
  /** The short build hash shown to staff. */
  build: string;
  /** The portal's API client: every call's outage reaches the app (error state 3). */
  http: Http;
  /** The reads the long-lived actors share with the first page (the hold count and summary). */
  firstReads: FirstReads;
  /**
   * The session's CSRF token (the view-as bar's End posts it): the request's cookie in the server's
   * render, the browser's cookie (api/csrf.ts) when not given.
   */
  csrf?: () => string | null;
  /** The navigation guard, consulted by the root route before every navigation. */
  runGuard: (location: ParsedLocation) => Promise<void>;
}

/**
 * What a page route's loader is given (`withReads`): the router's context, the address and the
 * route's path params (a blog post's slug, a content page's path).
 */
export interface PageLoad {
  context: PortalContext;
  location: ParsedLocation;
  params: Readonly<Record<string, string | undefined>>;
}

/**
 * The portal's long-lived dependencies, typed, for its containers (src/pages/portal/): the router's
 * context, the one channel they travel by. Read from the router, not the root match, so it is there
 * for the pending frame too, and is the one object the router was made with.
 */
export function usePortal(): PortalContext {
  // The router as registered (register.ts): its context is a PortalContext. Its type is not imported
  // from router.ts, which imports every route and so every page: that would close a circle.
  const router = useRouter();
  // Read through the router's state, so a new context (the campus in another language,
  // `showCampus`) draws its readers again once the router reloads.
  return useRouterState({ router, select: (): PortalContext => router.options.context });
}

import type { ParsedLocation } from '@tanstack/react-router';
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Campus } from '../../../contract/campus.schema.js';
import type { Http } from '../../api/client.js';
import type { appMachine } from '../../machines/app.machine.js';
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
}

/** What every portal route can reach: the long-lived actors and the campus configuration. */
export interface PortalContext extends PortalActors {
  campus: Campus;
  /** The short build hash shown to staff. */
  build: string;
  /** The portal's API client: every call's outage reaches the app (error state 3). */
  http: Http;
  /** The navigation guard, consulted by the root route before every navigation. */
  runGuard: (location: ParsedLocation) => Promise<void>;
}

export const PortalContextProvider = createContext<PortalContext | null>(null);

/** The portal's long-lived dependencies, typed, for route components. */
export function usePortal(): PortalContext {
  const context = useContext(PortalContextProvider);
  if (!context) throw new Error('usePortal needs <PortalContextProvider>');
  return context;
}

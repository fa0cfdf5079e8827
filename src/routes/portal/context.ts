import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Campus } from '../../../contract/campus.schema.js';
import type { appMachine } from '../../machines/app.machine.js';

/** What every portal route can reach: the long-lived app actor and the campus configuration. */
export interface PortalContext {
  app: ActorRefFrom<typeof appMachine>;
  campus: Campus;
}

export const PortalContextProvider = createContext<PortalContext | null>(null);

/** The portal's long-lived dependencies, typed, for route components. */
export function usePortal(): PortalContext {
  const context = useContext(PortalContextProvider);
  if (!context) throw new Error('usePortal needs <PortalContextProvider>');
  return context;
}

import type { KyInstance } from 'ky';
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { taskListMachine } from '../../machines/taskList.machine.js';

/** What every Next Steps route can reach: the long-lived list actor and the API client. */
export interface NextStepsContext {
  list: ActorRefFrom<typeof taskListMachine>;
  http: KyInstance;
}

export const NextStepsContextProvider = createContext<NextStepsContext | null>(null);

export function useNextSteps(): NextStepsContext {
  const context = useContext(NextStepsContextProvider);
  if (!context) throw new Error('useNextSteps needs <NextStepsContextProvider>');
  return context;
}

import { useRouter } from '@tanstack/react-router';
import type { KyInstance } from 'ky';
import type { ActorRefFrom } from 'xstate';
import type { Campus } from '../../../contract/campus.schema.js';
import type { AppUpdateRef } from '../../machines/app-update.machine.js';
import type { ConnectionRef } from '../../machines/connection.machine.js';
import type { taskListMachine } from '../../machines/task-list.machine.js';
import type { NextStepsRouter } from './router.js';

/**
 * The router context (src/routes/next-steps/router.ts): what every Next Steps route and container
 * can reach: the long-lived actors (the list, the page's connection, the app's update; the Next Steps
 * system, machines/next-steps.machine.ts), the API client and the campus configuration the page
 * carries.
 */
export interface NextStepsContext {
  list: ActorRefFrom<typeof taskListMachine>;
  connection: ConnectionRef;
  appUpdate: AppUpdateRef;
  http: KyInstance;
  campus: Campus;
}

/** The Next Steps dependencies, typed, for its containers: the router context, their one channel. */
export function useNextSteps(): NextStepsContext {
  return useRouter<NextStepsRouter>().options.context;
}

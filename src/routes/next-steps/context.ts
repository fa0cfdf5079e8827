import { useRouter } from '@tanstack/react-router';
import { useCallback, useSyncExternalStore } from 'react';
import type { KyInstance } from 'ky';
import type { ActorRefFrom } from 'xstate';
import type { Campus } from '../../../contract/campus.schema.js';
import type { AppUpdateRef } from '../../machines/app-update.machine.js';
import type { ConnectionRef } from '../../machines/connection.machine.js';
import type { taskListMachine } from '../../machines/task-list.machine.js';
import type { RegisteredNextStepsRouter } from './router-type.js';

/**
 * The router context (src/routes/next-steps/router.ts): what every Next Steps route and container
 * can reach: the long-lived actors (the list, the page's connection, the app's update; the Next Steps
 * system, machines/next-steps.machine.ts), the API client and the campus configuration in the
 * reader's language (the page carries the English; `showNextStepsCampus` gives another).
 */
export interface NextStepsContext {
  list: ActorRefFrom<typeof taskListMachine>;
  connection: ConnectionRef;
  appUpdate: AppUpdateRef;
  http: KyInstance;
  campus: Campus;
  /**
   * The session's CSRF token, read at each render (a sign-in in another tab gives the session a new
   * one): the page's cookie by default; a server render (issue 75) gives the request's.
   */
  csrf?: () => string | null;
}

/**
 * The Next Steps dependencies, typed, for its containers: the router context, their one channel.
 * Read again when the router has resolved a change (a new context: the campus in another language,
 * `showNextStepsCampus`), so its readers draw again.
 */
export function useNextSteps(): NextStepsContext {
  // Typed through the leaf router-type.ts, not router.ts, which imports every route and so every
  // screen: that would close a circle.
  const router = useRouter<RegisteredNextStepsRouter>();
  const subscribe = useCallback(
    (onChange: () => void) => router.subscribe('onResolved', onChange),
    [router],
  );
  const context = useCallback(() => router.options.context, [router]);
  return useSyncExternalStore(subscribe, context, context);
}

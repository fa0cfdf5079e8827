/**
 * `@xstate/react` as a build with the inspector sees it (vite.config.ts resolves the package here
 * for every importer but this file): the same exports, with `useActorRef` giving the actors a page
 * makes — roots of their own, such as the notification settings' contactPreferences — the
 * inspector's observer (`observer.ts`), in development or with the demo cookie set. A build
 * without the inspector imports the package itself.
 */
import { useActorRef as useActorRefOf } from '@xstate/react';
import type { AnyActorLogic, InspectionEvent } from 'xstate';
import { isDemoCookieSet } from '../api/demo.js';
import { observe } from './observer.js';

export * from '@xstate/react';

const observing = () => import.meta.env.DEV || isDemoCookieSet();

/** `@xstate/react`'s useActorRef, with the inspector's observer beside the caller's own. */
export const useActorRef = ((
  logic: AnyActorLogic,
  options?: Record<string, unknown>,
  ...rest: unknown[]
) => {
  const theirs = options?.inspect as ((event: InspectionEvent) => void) | undefined;
  const inspect = observing()
    ? (event: InspectionEvent) => {
        observe(event);
        theirs?.(event);
      }
    : theirs;
  return (useActorRefOf as (...args: unknown[]) => unknown)(
    logic,
    { ...options, inspect },
    ...rest,
  );
}) as typeof useActorRefOf;

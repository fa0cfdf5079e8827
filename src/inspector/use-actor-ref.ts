/**
 * `@xstate/react`'s useActorRef, which every page imports from here (eslint holds it): in a build
 * with the inspector (`enabled.ts`), in development or with the demo cookie set, the actors a page
 * makes — roots of their own, such as the notification settings' contactPreferences — get the
 * inspector's observer (`observer.ts`) through XState's own `inspect` option, beside the caller's.
 * A build without the inspector passes the options on as they are.
 */
import { useActorRef as useActorRefOf } from '@xstate/react';
import type { AnyActorLogic, InspectionEvent } from 'xstate';
import { isDemoCookieSet } from '../api/demo.js';
import { INSPECTOR_BUILT } from './enabled.js';
import { observe } from './observer.js';

const observing = () => INSPECTOR_BUILT && (import.meta.env.DEV || isDemoCookieSet());

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
    inspect ? { ...options, inspect } : options,
    ...rest,
  );
}) as typeof useActorRefOf;

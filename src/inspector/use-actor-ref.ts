/**
 * `@xstate/react`'s useActorRef, which every page imports from here (eslint holds it): in a build
 * with the inspector (`enabled.ts`), in development or with the demo cookie set, the actors a page
 * makes — roots of their own, such as the notification settings' contactPreferences — get the
 * inspector's observer (`observer.ts`) through XState's own `inspect` option, beside the caller's.
 * A build without the inspector passes the options on as they are.
 *
 * A page drawn by the server (issue 75, lib/render-actors.ts): on the server each actor is started
 * as its component first renders and kept by its place in the tree; in the browser's hydration the
 * actor at a place the server drew starts from the snapshot the server's ended in.
 */
import { useActorRef as useActorRefOf } from '@xstate/react';
import { useId } from 'react';
import { createActor } from 'xstate';
import type { AnyActorLogic, InspectionEvent } from 'xstate';
import { isDemoCookieSet } from '../api/demo.js';
import { useRenderActors } from '../lib/render-actors.js';
import { INSPECTOR_BUILT } from './enabled.js';
import { observe } from './observer.js';

const observing = () => INSPECTOR_BUILT && (import.meta.env.DEV || isDemoCookieSet());

/** The caller's options with the inspector's observer beside their own `inspect`. */
function inspected(options?: Record<string, unknown>) {
  const theirs = options?.inspect as ((event: InspectionEvent) => void) | undefined;
  const inspect = observing()
    ? (event: InspectionEvent) => {
        observe(event);
        theirs?.(event);
      }
    : theirs;
  return inspect ? { ...options, inspect } : options;
}

/** `@xstate/react`'s useActorRef, with the inspector's observer beside the caller's own. */
export const useActorRef = ((
  logic: AnyActorLogic,
  options?: Record<string, unknown>,
  ...rest: unknown[]
) => {
  const place = useId();
  const render = useRenderActors();
  const snapshot = render && 'snapshots' in render ? render.snapshots.get(place) : undefined;
  const withInspect = inspected(options);
  const own = (useActorRefOf as (...args: unknown[]) => unknown)(
    logic,
    snapshot === undefined ? withInspect : { ...withInspect, snapshot },
    ...rest,
  );
  // Only the server build keeps the server's branch (`import.meta.env.SSR` folds in the browser's).
  if (!import.meta.env.SSR || !render || !('started' in render)) return own;
  let started = render.started.get(place);
  if (!started) {
    started = createActor(logic, options).start();
    render.started.set(place, started);
    render.made();
  }
  return started;
}) as typeof useActorRefOf;

/**
 * An actor whose state is this device's, not the person's record (what the browser offers: web
 * push, installing the app): the server cannot know it. On the server it is made and not started,
 * so the page is drawn in its first state and no snapshot of it is sent; in the browser it starts
 * afresh, from that same first state, as hydration draws it, and then checks the device.
 */
export const useDeviceActorRef = ((logic: AnyActorLogic, options?: Record<string, unknown>) =>
  (useActorRefOf as (...args: unknown[]) => unknown)(
    logic,
    inspected(options),
  )) as typeof useActorRefOf;

/**
 * A new version of the apps (issue 44): the service worker installs it in the background and it
 * waits; the person sees "A new version is ready" and chooses when to reload into it (never a
 * silent switch under what they are doing). "Later" hides the notice until the next version.
 * Each app's system invokes it from the start (portal.machine.ts, next-steps.machine.ts); the worker's
 * module, loaded after the page's load (pages/shared/app-worker.ts), sends `update.ready` and does
 * the switch the machine emits (`update.switch`).
 */
import { emit, setup } from 'xstate';
import type { ActorRefFrom } from 'xstate';

export type AppUpdateEvent =
  { type: 'update.ready' } | { type: 'update.reload' } | { type: 'update.later' };

export const appUpdateMachine = setup({
  types: { events: {} as AppUpdateEvent, emitted: {} as { type: 'update.switch' } },
  actions: {
    /** Lets the waiting version take over and reloads the page once it controls it. */
    switchToNewVersion: emit({ type: 'update.switch' as const }),
  },
}).createMachine({
  id: 'appUpdate',
  initial: 'current',
  states: {
    current: { on: { 'update.ready': 'ready' } },
    ready: { tags: ['notice'], on: { 'update.reload': 'reloading', 'update.later': 'later' } },
    later: { on: { 'update.ready': 'ready' } },
    reloading: { tags: ['notice', 'reloading'], entry: 'switchToNewVersion' },
  },
});

export type AppUpdateRef = ActorRefFrom<typeof appUpdateMachine>;

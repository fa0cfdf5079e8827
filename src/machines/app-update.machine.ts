/**
 * A new version of the apps (issue 44): the service worker installs it in the background and it
 * waits; the person sees "A new version is ready" and chooses when to reload into it (never a
 * silent switch under what they are doing). "Later" hides the notice until the next version.
 */
import { setup } from 'xstate';

export type AppUpdateEvent =
  { type: 'update.ready' } | { type: 'update.reload' } | { type: 'update.later' };

export const appUpdateMachine = setup({
  types: { events: {} as AppUpdateEvent },
  actions: {
    /** Lets the waiting version take over and reloads the page once it controls it (provided). */
    switchToNewVersion: () => {},
  },
}).createMachine({
  id: 'appUpdate',
  initial: 'current',
  states: {
    current: { on: { 'update.ready': 'ready' } },
    ready: { on: { 'update.reload': 'reloading', 'update.later': 'later' } },
    later: { on: { 'update.ready': 'ready' } },
    reloading: { entry: 'switchToNewVersion' },
  },
});

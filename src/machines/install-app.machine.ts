/**
 * "Install the app" on Account (issue 44 item 2): offered only where the browser offers to install
 * the portal (Chromium's `beforeinstallprompt`, kept by `public/theme.js`), and prompted only when
 * the person presses it: never unasked. `starting` asks `check` what this browser allows:
 * `available` (an offer is kept), `standalone` (the portal already runs as the installed app:
 * nothing to offer), `homeScreen` (iPhone or iPad Safari, which has no prompt: Share → Add to Home
 * Screen) or `unavailable`. `prompting` invokes `prompt` (the browser's dialog): accepted →
 * `installed`, dismissed → `available` again. The container provides `check` and `prompt`
 * (src/lib/install-offer.ts) and sends what the browser fires: a late offer (`install.offered`) and
 * the portal installed (`install.installed`, from the browser's own menu too).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { InstallOutcome } from '../lib/install-offer.js';

/** What this browser allows, as the portal starts. */
export type InstallCheck = 'available' | 'standalone' | 'homeScreen' | 'unavailable';

export interface InstallAppContext {
  /** The last prompt could not be shown. */
  failed: boolean;
}

export type InstallAppEvent =
  { type: 'install.start' } | { type: 'install.offered' } | { type: 'install.installed' };

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is provided by the container`);
};

export const installAppMachine = setup({
  types: { context: {} as InstallAppContext, events: {} as InstallAppEvent },
  actors: {
    check: fromPromise<InstallCheck>(notProvided('check')),
    prompt: fromPromise<InstallOutcome>(notProvided('prompt')),
  },
  guards: {
    is: (_, params: { output: string; expected: string }) => params.output === params.expected,
  },
  actions: {
    logFailure: (_, _error: unknown) => {},
  },
}).createMachine({
  id: 'installApp',
  context: { failed: false },
  initial: 'starting',
  states: {
    starting: {
      invoke: {
        id: 'check',
        src: 'check',
        onDone: [
          {
            guard: {
              type: 'is',
              params: ({ event }) => ({ output: event.output, expected: 'available' }),
            },
            target: 'available',
          },
          {
            guard: {
              type: 'is',
              params: ({ event }) => ({ output: event.output, expected: 'standalone' }),
            },
            target: 'standalone',
          },
          {
            guard: {
              type: 'is',
              params: ({ event }) => ({ output: event.output, expected: 'homeScreen' }),
            },
            target: 'homeScreen',
          },
          { target: 'unavailable' },
        ],
        onError: {
          target: 'unavailable',
          actions: {
            type: 'logFailure',
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
      },
    },
    unavailable: {
      on: { 'install.offered': 'available', 'install.installed': 'installed' },
    },
    available: {
      on: {
        'install.start': { target: 'prompting', actions: assign({ failed: false }) },
        'install.installed': 'installed',
      },
    },
    prompting: {
      tags: ['pending'],
      invoke: {
        id: 'prompt',
        src: 'prompt',
        onDone: [
          {
            guard: {
              type: 'is',
              params: ({ event }) => ({ output: event.output, expected: 'accepted' }),
            },
            target: 'installed',
          },
          { target: 'available' },
        ],
        onError: {
          target: 'available',
          actions: [
            assign({ failed: true }),
            {
              type: 'logFailure',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
          ],
        },
      },
      on: { 'install.installed': 'installed' },
    },
    installed: { type: 'final' },
    standalone: { type: 'final' },
    homeScreen: { type: 'final' },
  },
});

type Snapshot = SnapshotFrom<typeof installAppMachine>;

/**
 * What Account's section shows: the button (`available`, `prompting` while the browser's dialog is
 * open), "Installed" once the person accepted here, the Home Screen instruction on iPhone and iPad,
 * or nothing (`hidden`: no offer, or the portal already runs installed).
 */
export type InstallAppView = 'available' | 'prompting' | 'installed' | 'homeScreen' | 'hidden';

export const selectInstallView = (s: Snapshot): InstallAppView => {
  if (s.matches('available')) return 'available';
  if (s.matches('prompting')) return 'prompting';
  if (s.matches('installed')) return 'installed';
  if (s.matches('homeScreen')) return 'homeScreen';
  return 'hidden';
};
export const selectInstallFailed = (s: Snapshot) => s.context.failed;

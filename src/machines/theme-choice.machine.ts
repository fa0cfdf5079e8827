/**
 * The colour theme on the Account page (issue 28: system, light or dark, kept in the person's
 * preferences; portal.md §7 PUT /preferences/{pk} with the one field). Only a saved choice counts:
 * `reportSaved` hands the server's preferences to the app machine's user record, from which the page's
 * theme follows (src/pages/shared/theme.ts), so the radio and the page change together. A failed save
 * leaves the choice as it was and says so; the failure is only logged (§8). The radios stay enabled
 * while a choice saves, so the keyboard focus stays on them. Saves go one after another: a choice
 * made while one saves is saved once that one has answered, so the server keeps the last choice
 * (two saves at once could land in either order, and the earlier choice win).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { Preferences, Theme } from '../../contract/preferences.schema.js';

export interface ThemeChoiceContext {
  /** The theme last chosen, shown as chosen until it is saved; null once saved or failed. */
  chosen: Theme | null;
  /** The theme whose save is on its way. */
  sending: Theme | null;
  failed: boolean;
  saved: boolean;
}

export type ThemeChoiceEvent = { type: 'theme.choose'; theme: Theme };

export const themeChoiceMachine = setup({
  types: { context: {} as ThemeChoiceContext, events: {} as ThemeChoiceEvent },
  actors: {
    save: fromPromise<Preferences, { theme: Theme }>(async () => {
      throw new Error('save is provided by the container');
    }),
  },
  actions: {
    reportSaved: (_, _preferences: Preferences) => {},
    logFailure: (_, _error: unknown) => {},
  },
  guards: {
    /** Another choice was made while the save on its way was answered. */
    choseAgain: ({ context }) => context.chosen !== context.sending,
  },
}).createMachine({
  id: 'themeChoice',
  context: { chosen: null, sending: null, failed: false, saved: false },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'theme.choose': {
          target: 'saving',
          actions: assign({ chosen: ({ event }) => event.theme, failed: false, saved: false }),
        },
      },
    },
    saving: {
      tags: ['pending'],
      entry: assign({ sending: ({ context }) => context.chosen }),
      // Another choice while one saves (arrow keys walk the radios) is saved after it.
      on: { 'theme.choose': { actions: assign({ chosen: ({ event }) => event.theme }) } },
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ theme: context.sending ?? 'system' }),
        onDone: [
          { guard: 'choseAgain', target: 'saving', reenter: true },
          {
            target: 'idle',
            actions: [
              assign({ chosen: null, sending: null, saved: true }),
              { type: 'reportSaved', params: ({ event }) => event.output },
            ],
          },
        ],
        onError: [
          { guard: 'choseAgain', target: 'saving', reenter: true },
          {
            target: 'idle',
            actions: [
              assign({ chosen: null, sending: null, failed: true }),
              {
                type: 'logFailure',
                params: ({ event }: { event: { error: unknown } }) => event.error,
              },
            ],
          },
        ],
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof themeChoiceMachine>;
export const selectThemeSaving = (s: Snapshot) => s.hasTag('pending');
export const selectThemeFailed = (s: Snapshot) => s.context.failed;
export const selectThemeSaved = (s: Snapshot) => s.context.saved;
export const selectThemeChosen = (s: Snapshot) => s.context.chosen;

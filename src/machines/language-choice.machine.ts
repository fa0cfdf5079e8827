/**
 * The Language setting on the Account page (issue 59: English or Español, kept in the person's
 * preferences; PUT /preferences/{pk} with the one field), as the theme's choice works
 * (theme-choice.machine.ts): only a saved choice counts; `reportSaved` hands the server's preferences
 * to the app machine's user record, from which the page's language follows at once
 * (src/pages/shared/language.ts). A failed save leaves the language as it was and says so. Saves go
 * one after another, so the server keeps the last choice.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { Language } from '../../contract/language.schema.js';
import type { Preferences } from '../../contract/preferences.schema.js';

export interface LanguageChoiceContext {
  /** The language last chosen, shown as chosen until it is saved; null once saved or failed. */
  chosen: Language | null;
  /** The language whose save is on its way. */
  sending: Language | null;
  failed: boolean;
  saved: boolean;
}

export type LanguageChoiceEvent = { type: 'language.choose'; language: Language };

export const languageChoiceMachine = setup({
  types: { context: {} as LanguageChoiceContext, events: {} as LanguageChoiceEvent },
  actors: {
    save: fromPromise<Preferences, { language: Language }>(async () => {
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
  id: 'languageChoice',
  context: { chosen: null, sending: null, failed: false, saved: false },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'language.choose': {
          target: 'saving',
          actions: assign({ chosen: ({ event }) => event.language, failed: false, saved: false }),
        },
      },
    },
    saving: {
      tags: ['pending'],
      entry: assign({ sending: ({ context }) => context.chosen }),
      // Another choice while one saves (arrow keys walk the radios) is saved after it.
      on: { 'language.choose': { actions: assign({ chosen: ({ event }) => event.language }) } },
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ language: context.sending ?? 'en' }),
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

type Snapshot = SnapshotFrom<typeof languageChoiceMachine>;
export const selectLanguageSaving = (s: Snapshot) => s.hasTag('pending');
export const selectLanguageFailed = (s: Snapshot) => s.context.failed;
export const selectLanguageSaved = (s: Snapshot) => s.context.saved;
export const selectLanguageChosen = (s: Snapshot) => s.context.chosen;

/**
 * A preference chosen on the Account page and saved alone (PUT /preferences/{pk} with the one
 * field): one machine, two configurations, the colour theme (issue 28: system, light or dark; here)
 * and the language (issue 59: English or Español; language-choice.machine.ts). Only a saved choice
 * counts: `reportSaved` hands the server's preferences to the app machine's user record, from which
 * the page's theme or language follows (src/pages/shared/theme.ts, src/pages/shared/language.ts), so
 * the radio and the page change together. A failed save leaves the choice as it was and says so; the
 * failure is only logged (portal.md §8). The radios stay enabled while a choice saves, so the
 * keyboard focus stays on them. Saves go one after another: a choice made while one saves is saved
 * once that one has answered, so the server keeps the last choice (two saves at once could land in
 * either order, and the earlier choice win).
 *
 * A configuration that `followsUntilSaved` (the language, issue 76) starts `following` a value read
 * elsewhere (the browser's language; the page says so, no value shown as chosen) while nothing is
 * saved, until a choice is saved, in one step; a failed first save leaves it following still.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { Preferences, Theme } from '../../contract/preferences.schema.js';

export interface PreferenceChoiceContext<V extends string> {
  /** The value last chosen, shown as chosen until it is saved; null once saved or failed. */
  chosen: V | null;
  /** The value whose save is on its way. */
  sending: V | null;
  failed: boolean;
  saved: boolean;
  /** The value saved in the person's preferences; null while nothing is. */
  kept: V | null;
}

export interface PreferenceChoiceInput<V extends string> {
  /** The saved value when the page opened, null if none. */
  kept: V | null;
}

export type PreferenceChoiceEvent<V extends string> = { type: 'choose'; value: V };

/** What tells one preference's machine from another's. */
export interface PreferenceChoiceConfiguration<V extends string> {
  id: string;
  /** The value a save falls back to (never sent: a save always has a value chosen). */
  fallback: V;
  /** While nothing is saved, the person follows a value read elsewhere, and the page says so. */
  followsUntilSaved?: boolean;
}

/** The machine for one preference, configured. */
export function preferenceChoice<V extends string>({
  id,
  fallback,
  followsUntilSaved = false,
}: PreferenceChoiceConfiguration<V>) {
  return setup({
    types: {
      context: {} as PreferenceChoiceContext<V>,
      events: {} as PreferenceChoiceEvent<V>,
      input: {} as PreferenceChoiceInput<V>,
    },
    actors: {
      save: fromPromise<Preferences, { value: V }>(async () => {
        throw new Error('save is provided by the container');
      }),
    },
    actions: {
      reportSaved: (_, _preferences: Preferences) => {},
      logFailure: (_, _error: unknown) => {},
      showChosen: assign({ chosen: ({ event }) => event.value, failed: false, saved: false }),
      fail: assign({ chosen: null, sending: null, failed: true }),
    },
    guards: {
      /** Another choice was made while the save on its way was answered. */
      choseAgain: ({ context }) => context.chosen !== context.sending,
      /** Nothing saved yet. */
      nothingKept: ({ context }) => context.kept === null,
    },
  }).createMachine({
    id,
    context: ({ input }) => ({
      chosen: null,
      sending: null,
      failed: false,
      saved: false,
      kept: input.kept,
    }),
    initial: followsUntilSaved ? 'opening' : 'idle',
    states: {
      ...(followsUntilSaved
        ? {
            /** Nothing saved at the start: the value read elsewhere is followed. */
            opening: {
              always: [{ guard: 'nothingKept', target: 'following' }, { target: 'idle' }],
            },
            /** Nothing saved: the value read elsewhere is followed, and the page says so. */
            following: { on: { choose: { target: 'saving', actions: 'showChosen' } } },
          }
        : {}),
      /** A saved choice, or none yet if nothing is followed. */
      idle: { on: { choose: { target: 'saving', actions: 'showChosen' } } },
      saving: {
        tags: ['pending'],
        entry: assign({ sending: ({ context }) => context.chosen }),
        // Another choice while one saves (arrow keys walk the radios) is saved after it.
        on: { choose: { actions: assign({ chosen: ({ event }) => event.value }) } },
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context }) => ({ value: context.sending ?? fallback }),
          onDone: [
            { guard: 'choseAgain', target: 'saving', reenter: true },
            {
              target: 'idle',
              actions: [
                assign({
                  chosen: null,
                  kept: ({ context }) => context.sending,
                  sending: null,
                  saved: true,
                }),
                { type: 'reportSaved', params: ({ event }) => event.output },
              ],
            },
          ],
          onError: [
            { guard: 'choseAgain', target: 'saving', reenter: true },
            ...(followsUntilSaved
              ? [
                  {
                    guard: 'nothingKept' as const,
                    target: 'following',
                    actions: [
                      'fail' as const,
                      {
                        type: 'logFailure' as const,
                        params: ({ event }: { event: { error: unknown } }) => event.error,
                      },
                    ],
                  },
                ]
              : []),
            {
              target: 'idle',
              actions: [
                'fail',
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
}

/** The machine configured for values `V`. */
export type PreferenceChoiceMachine<V extends string> = ReturnType<typeof preferenceChoice<V>>;

/** The colour theme's configuration: always saved (the default is "system"), so nothing followed. */
export const themeChoiceMachine = preferenceChoice<Theme>({
  id: 'themeChoice',
  fallback: 'system',
});

type Snapshot<V extends string> = SnapshotFrom<PreferenceChoiceMachine<V>>;
export const selectChoiceSaving = <V extends string>(s: Snapshot<V>) => s.hasTag('pending');
export const selectChoiceFailed = <V extends string>(s: Snapshot<V>) => s.context.failed;
export const selectChoiceSaved = <V extends string>(s: Snapshot<V>) => s.context.saved;
export const selectChoiceChosen = <V extends string>(s: Snapshot<V>) => s.context.chosen;
/** The value saved, or the one on its way; null while nothing is (and a value is followed). */
export const selectChoiceShown = <V extends string>(s: Snapshot<V>) =>
  s.context.chosen ?? s.context.kept;
/** Whether the person follows a value read elsewhere, having saved none. */
export const selectChoiceFollowing = <V extends string>(s: Snapshot<V>) =>
  (s.value as string) === 'following';

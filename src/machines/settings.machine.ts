/**
 * A screen of choices to load, tick and save (next-steps.md §2 Other screens, §8): the affiliations
 * (the notification preferences are the shared screen, contactPreferences.machine.ts). `stored` is
 * what the store holds, the loaded choices and then each saved selection; the ticks differ from it
 * (`selectChanged`) until they are saved. A failure to load or to save reports itself, and the
 * composition root shows the "Trouble connecting" toast directly.
 */
import { assign, fromPromise, setup } from 'xstate';

export interface Choice {
  id: number;
  name: string;
}

export interface ChoicesData {
  pk: number;
  choices: Choice[];
  selected: number[];
}

export interface SettingsContext {
  data: ChoicesData | null;
  selected: number[];
  /** What the store holds: the loaded choices, then each saved selection. */
  stored: number[];
  saved: boolean;
}

export type SettingsEvent =
  { type: 'settings.toggle'; id: number } | { type: 'settings.save' } | { type: 'settings.retry' };

export const settingsMachine = setup({
  types: { context: {} as SettingsContext, events: {} as SettingsEvent },
  actors: {
    load: fromPromise<ChoicesData>(async () => {
      throw new Error('load is provided by the composition root');
    }),
    save: fromPromise<unknown, { pk: number; selected: number[] }>(async () => {
      throw new Error('save is provided by the composition root');
    }),
  },
  actions: {
    reportFailure: () => {},
    reportSaved: () => {},
  },
}).createMachine({
  id: 'settings',
  context: { data: null, selected: [], stored: [], saved: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'ready',
          actions: assign({
            data: ({ event }) => event.output,
            selected: ({ event }) => event.output.selected,
            stored: ({ event }) => event.output.selected,
          }),
        },
        onError: { target: 'failed', actions: 'reportFailure' },
      },
    },
    failed: { tags: ['failed'], on: { 'settings.retry': 'loading' } },
    ready: {
      on: {
        'settings.toggle': {
          actions: assign({
            saved: false,
            selected: ({ context, event }) =>
              context.selected.includes(event.id)
                ? context.selected.filter((id) => id !== event.id)
                : [...context.selected, event.id].sort((a, b) => a - b),
          }),
        },
        'settings.save': { target: 'saving', actions: assign({ saved: false }) },
      },
    },
    saving: {
      tags: ['pending'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ pk: context.data?.pk ?? 0, selected: context.selected }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ saved: true, stored: ({ context }) => context.selected }),
            'reportSaved',
          ],
        },
        onError: { target: 'ready', actions: 'reportFailure' },
      },
    },
  },
});

type Snapshot = { context: SettingsContext };
export const selectChoices = (s: Snapshot) => s.context.data?.choices ?? [];
export const selectSelected = (s: Snapshot) => s.context.selected;
export const selectSaved = (s: Snapshot) => s.context.saved;
/** Ticked or unticked choices the store does not hold yet. */
export const selectChanged = (s: Snapshot) =>
  s.context.selected.length !== s.context.stored.length ||
  s.context.selected.some((id) => !s.context.stored.includes(id));

/**
 * A screen of choices to load and tick (next-steps.md §2 Other screens, §8): the affiliations (the
 * notification preferences are the shared screen, contact-preferences.machine.ts). Settings have one
 * save model (issue 43): each tick is saved as it is made, and the screen says so beside the choices.
 * `stored` is what the store holds, the loaded choices and then each saved selection. Ticks made
 * while a save is on its way are kept and saved as soon as it ends (`sending` is what that save
 * sends), so the boxes never wait and the keyboard focus stays on the one just ticked. A failure to
 * load or to save reports itself, and the composition root shows the "Trouble connecting" toast
 * directly; `settings.save` tries the unsaved ticks again.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';

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
  /** The selection the save on its way sends. */
  sending: number[];
  saved: boolean;
  failed: boolean;
}

export type SettingsEvent =
  { type: 'settings.toggle'; id: number } | { type: 'settings.save' } | { type: 'settings.retry' };

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

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
    toggle: assign({
      saved: false,
      failed: false,
      selected: ({ context, event }) => {
        if (event.type !== 'settings.toggle') return context.selected;
        return context.selected.includes(event.id)
          ? context.selected.filter((id) => id !== event.id)
          : [...context.selected, event.id].sort((a, b) => a - b);
      },
    }),
  },
  guards: {
    /** Ticks made while the last save was on its way: they are saved next. */
    hasUnsaved: ({ context }) => !sameIds(context.selected, context.stored),
  },
}).createMachine({
  id: 'settings',
  context: { data: null, selected: [], stored: [], sending: [], saved: false, failed: false },
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
        'settings.toggle': { target: 'saving', actions: 'toggle' },
        'settings.save': { guard: 'hasUnsaved', target: 'saving' },
      },
    },
    saving: {
      tags: ['pending'],
      entry: assign({
        sending: ({ context }) => context.selected,
        saved: false,
        failed: false,
      }),
      on: { 'settings.toggle': { actions: 'toggle' } },
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ pk: context.data?.pk ?? 0, selected: context.sending }),
        onDone: [
          {
            guard: ({ context }) => !sameIds(context.selected, context.sending),
            target: 'saving',
            reenter: true,
            actions: assign({ stored: ({ context }) => context.sending }),
          },
          {
            target: 'ready',
            actions: [
              assign({ saved: true, stored: ({ context }) => context.sending }),
              'reportSaved',
            ],
          },
        ],
        onError: { target: 'ready', actions: [assign({ failed: true }), 'reportFailure'] },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof settingsMachine>;
export const selectChoices = (s: Snapshot) => s.context.data?.choices ?? [];
export const selectSelected = (s: Snapshot) => s.context.selected;
export const selectSaved = (s: Snapshot) => s.context.saved;
/** The last save failed: the ticks since are not kept yet. */
export const selectSaveFailed = (s: Snapshot) => s.context.failed;
/** Ticked or unticked choices the store does not hold yet. */
export const selectChanged = (s: Snapshot) =>
  s.context.selected.length !== s.context.stored.length ||
  s.context.selected.some((id) => !s.context.stored.includes(id));

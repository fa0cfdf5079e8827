/**
 * The topics of the notification settings (next-steps.md §2: the Next Steps record's ticked
 * notifications), invoked by `contact-preferences.machine.ts` once the settings are loaded. A tick is
 * saved as it is made; ticks made while a save is on its way are saved as soon as it ends.
 *
 * A failed save unticks the box it ticked: the boxes show what the store holds, the group says the
 * change could not be saved (next-steps.md §8: told at once, `reportSaveFailed`), and the ticks are
 * kept (`unsaved`): Try again (`contact.saveTopics`) ticks and sends them again.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { UserPreference } from '../../contract/next-steps/choices.schema.js';
import { sameIds } from '../lib/contact-changes.js';

export interface TopicSavesContext {
  /** What the store holds, as the last answer said. */
  stored: UserPreference;
  /** The topics ticked on the screen. */
  chosen: number[];
  /** The ticks a failed save did not keep, which Try again sends; null when none. */
  unsaved: number[] | null;
}

export type TopicSavesEvent =
  { type: 'contact.toggleTopic'; id: number } | { type: 'contact.saveTopics' };

const toggle = { 'contact.toggleTopic': { target: 'saving', actions: 'toggle' } } as const;

export const topicSavesMachine = setup({
  types: {
    context: {} as TopicSavesContext,
    input: {} as { stored: UserPreference },
    events: {} as TopicSavesEvent,
  },
  actors: {
    saveTopics: fromPromise<UserPreference, { pk: number; notifications: number[] }>(async () => {
      throw new Error('saveTopics is provided by the container');
    }),
  },
  actions: {
    toggle: assign(({ context, event }) => {
      if (event.type !== 'contact.toggleTopic') return {};
      const ids = context.chosen;
      const chosen = ids.includes(event.id)
        ? ids.filter((x) => x !== event.id)
        : [...ids, event.id].sort((a, b) => a - b);
      return { chosen, unsaved: null };
    }),
    /** The boxes show what the store holds; the ticks not kept wait for Try again. */
    showStored: assign(({ context }) => ({
      unsaved: context.chosen,
      chosen: context.stored.notifications,
    })),
    retickUnsaved: assign(({ context }) => ({ chosen: context.unsaved ?? [], unsaved: null })),
    logFailure: (_, _failure: { what: string; error: unknown }) => {},
    reportSaveFailed: () => {},
  },
  guards: {
    hasUnsaved: ({ context }) =>
      context.unsaved !== null && !sameIds(context.unsaved, context.stored.notifications),
  },
}).createMachine({
  id: 'topicSaves',
  context: ({ input }) => ({
    stored: input.stored,
    chosen: input.stored.notifications,
    unsaved: null,
  }),
  initial: 'editing',
  states: {
    editing: { on: toggle },
    saved: { tags: ['saved'], on: toggle },
    saveFailed: {
      tags: ['failed'],
      entry: ['showStored', 'reportSaveFailed'],
      on: {
        ...toggle,
        'contact.saveTopics': { guard: 'hasUnsaved', target: 'saving', actions: 'retickUnsaved' },
      },
    },
    saving: {
      tags: ['pending'],
      // Nothing waits while the ticks save: ticks made meanwhile are saved next.
      on: { 'contact.toggleTopic': { actions: 'toggle' } },
      invoke: {
        id: 'saveTopics',
        src: 'saveTopics',
        input: ({ context }) => ({ pk: context.stored.pk, notifications: context.chosen }),
        onDone: [
          {
            guard: ({ context, event }) => !sameIds(context.chosen, event.output.notifications),
            target: 'saving',
            reenter: true,
            actions: assign({ stored: ({ event }) => event.output }),
          },
          { target: 'saved', actions: assign({ stored: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'saveFailed',
          actions: {
            type: 'logFailure',
            params: ({ event }) => ({
              what: 'Saving the notification topics failed',
              error: event.error,
            }),
          },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof topicSavesMachine>;
/** The boxes as shown: the ticks on their way, or after a failed save what the store holds. */
export const selectChosenTopics = (s: Snapshot) => s.context.chosen;
/** Ticks a failed save did not keep: Try again sends them. */
export const selectTopicsChanged = (s: Snapshot) =>
  s.context.unsaved !== null && !sameIds(s.context.unsaved, s.context.stored.notifications);

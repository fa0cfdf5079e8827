/**
 * The save queue of the notification settings' preferences (issue 43; portal.md §7 PUT
 * /preferences/{pk} with one preference field), invoked by `contact-preferences.machine.ts` once the
 * settings are loaded. Every change is saved as it is made; the controls never wait: a change made
 * while another saves is queued (the latest of each field) and sent as soon as that save ends, and
 * the screen shows what is on its way (`selectShownPreferences`). Quiet hours are two fields, sent one
 * PUT after the other. The number is sent as E.164 by the one phone rule (contract/phone.rules.ts);
 * one the rule refuses is not sent, and one the server refuses (400) gets the same answer. Only a
 * saved change counts: `reportSaved` hands the server's preferences on. A failed save drops the
 * queue: the screen shows what the store holds again and says the change could not be saved.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { PreferenceChange, Preferences } from '../../contract/preferences.schema.js';
import { statusOf } from '../api/errors.js';
import { changesOf, numberOf } from '../lib/contact-changes.js';
import type { ContactChange } from '../lib/contact-changes.js';

export interface PreferenceSavesContext {
  country: string;
  /** What the store holds, as the last answer said. */
  preferences: Preferences;
  /** The one-field changes of the change being saved, sent in order. */
  pending: PreferenceChange[];
  /** Changes made while a save was on its way, sent next, in order. */
  queued: ContactChange[];
}

/** The states a save has settled into: each takes the next change at once. */
const settled = { on: { 'contact.change': { target: 'next', actions: 'enqueue' } } } as const;

export const preferenceSavesMachine = setup({
  types: {
    context: {} as PreferenceSavesContext,
    input: {} as { country: string; preferences: Preferences },
    events: {} as { type: 'contact.change'; change: ContactChange },
  },
  actors: {
    save: fromPromise<Preferences, { pk: number; change: PreferenceChange }>(async () => {
      throw new Error('save is provided by the container');
    }),
  },
  actions: {
    enqueue: assign({
      queued: ({ context, event }) => [
        ...context.queued.filter((c) => c.field !== event.change.field),
        event.change,
      ],
    }),
    takeQueued: assign(({ context }) => {
      const [head, ...rest] = context.queued;
      return head ? { pending: changesOf(head, context.country), queued: rest } : {};
    }),
    keepPreferences: assign((_, preferences: Preferences) => ({ preferences, pending: [] })),
    /** A failed save drops what was queued behind it. */
    dropQueue: assign({ pending: [], queued: [] }),
    reportSaved: (_, _preferences: Preferences) => {},
    logFailure: (_, _failure: { what: string; error: unknown }) => {},
    reportSaveFailed: () => {},
  },
  guards: {
    /** The next change is a number the phone rule refuses: it is not sent. */
    isUnusableNumber: ({ context }) => {
      const head = context.queued[0];
      return head?.field === 'sms_number' && numberOf(head.value, context.country) === undefined;
    },
    hasQueued: ({ context }) => context.queued.length > 0,
    hasMoreChanges: ({ context }) => context.pending.length > 1,
    /** The server refused the number itself (400): the person can correct it. */
    isNumberRefused: ({ context }, error: unknown) =>
      context.pending.some((change) => 'sms_number' in change) && statusOf(error) === 400,
  },
}).createMachine({
  id: 'preferenceSaves',
  context: ({ input }) => ({ ...input, pending: [], queued: [] }),
  initial: 'editing',
  // Nothing waits while a change saves: it is queued.
  on: { 'contact.change': { actions: 'enqueue' } },
  states: {
    editing: settled,
    /** What to save next: the queued changes in order. */
    next: {
      always: [
        {
          guard: 'isUnusableNumber',
          target: 'numberRefused',
          actions: assign({ queued: ({ context }) => context.queued.slice(1) }),
        },
        { guard: 'hasQueued', target: 'saving', actions: 'takeQueued' },
        { target: 'saved' },
      ],
    },
    saved: { ...settled, tags: ['saved'] },
    // next-steps.md §8: a failed save is told at once (Next Steps' "Trouble connecting" toast).
    saveFailed: { ...settled, tags: ['failed'], entry: 'reportSaveFailed' },
    numberRefused: { ...settled, tags: ['invalidNumber'] },
    saving: {
      tags: ['pending'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ pk: context.preferences.pk, change: context.pending[0] ?? {} }),
        onDone: [
          {
            guard: 'hasMoreChanges',
            target: 'saving',
            reenter: true,
            actions: assign({ pending: ({ context }) => context.pending.slice(1) }),
          },
          {
            target: 'next',
            actions: [
              { type: 'keepPreferences', params: ({ event }) => event.output },
              { type: 'reportSaved', params: ({ event }) => event.output },
            ],
          },
        ],
        onError: [
          {
            guard: {
              type: 'isNumberRefused',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'numberRefused',
            actions: 'dropQueue',
          },
          {
            target: 'saveFailed',
            actions: [
              'dropQueue',
              {
                type: 'logFailure',
                params: ({ event }) => ({
                  what: 'Saving a notification setting failed',
                  error: event.error,
                }),
              },
            ],
          },
        ],
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof preferenceSavesMachine>;
/**
 * The preferences as the screen shows them: what the store holds with the changes on their way
 * (being saved, then queued) laid over it, so a control shows its new value at once.
 */
export const selectShownPreferences = (s: Snapshot): Preferences =>
  [
    ...s.context.pending,
    ...s.context.queued.flatMap((c) =>
      // A queued number is shown as typed until it is sent; the others as they will be sent.
      c.field === 'sms_number' ? [{ sms_number: c.value }] : changesOf(c, s.context.country),
    ),
  ].reduce<Preferences>((shown, change) => ({ ...shown, ...change }), s.context.preferences);

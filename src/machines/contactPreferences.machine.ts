/**
 * The one notification-settings screen (issue 29), the same on the portal's Account page (portal.md
 * §3 preferences, §7 PUT /preferences/{pk} with one preference field) and in Next Steps' preferences
 * (next-steps.md §2): the portal's preferences record and Next Steps' topics, loaded together; each
 * change saved on its own. Quiet hours are two fields, sent one PUT after the other. The number is
 * sent as E.164 by the one phone rule (contract/phone.rules.ts) in the campus's country; one the rule
 * refuses is not sent, and one the server refuses (400) gets the same answer. Only a saved change
 * counts: `reportSaved` hands the server's preferences on (the portal gives them to its user record).
 *
 * Settings have one save model (issue 43): every change, topics included, is saved as it is made, and
 * the group it belongs to says so (`group`). The controls never wait: a change made while another
 * saves is queued (the latest of each field) and sent as soon as that save ends, and the screen shows
 * what is on its way (`selectShownPreferences`). A failed save drops the queue: the screen shows what
 * the store holds again and says the change could not be saved; ticked topics stay, and
 * `contact.saveTopics` tries them again.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { toE164 } from '../../contract/phone.rules.js';
import type { UserPreference } from '../../contract/next-steps/choices.schema.js';
import type { PreferenceChange, Preferences } from '../../contract/preferences.schema.js';
import { statusOf } from '../api/errors.js';
import type { NotificationSettings } from '../api/notification-settings.js';

/** One change the person makes. */
export type ContactChange =
  | { field: 'contact_by_email' | 'contact_by_text' | 'daily_digest'; value: boolean }
  | { field: 'sms_number'; value: string | null }
  | { field: 'quiet_hours'; start: string; end: string };

/** The groups of the screen, each with its own status line. */
export type SettingsGroup = 'channels' | 'topics' | 'quiet' | 'digest';

const groupOf = (change: ContactChange): SettingsGroup =>
  change.field === 'quiet_hours'
    ? 'quiet'
    : change.field === 'daily_digest'
      ? 'digest'
      : 'channels';

export interface ContactPreferencesContext {
  /** The campus's phone country (campus configuration). */
  country: string;
  settings: NotificationSettings | null;
  /** The topics ticked, saved or not. */
  chosen: number[];
  /** The one-field changes of the change being saved, sent in order. */
  pending: PreferenceChange[];
  /** Changes made while a save was on its way, sent next, in order. */
  queued: ContactChange[];
  /** The group of the last change: where the screen says how it went. */
  group: SettingsGroup | null;
}

export type ContactPreferencesEvent =
  | { type: 'contact.retry' }
  | { type: 'contact.change'; change: ContactChange }
  | { type: 'contact.toggleTopic'; id: number }
  | { type: 'contact.saveTopics' };

/** The typed number as E.164; `null` for no number, `undefined` for one the rule refuses. */
const numberOf = (typed: string | null, country: string) =>
  (typed ?? '').trim() === '' ? null : toE164((typed ?? '').trim(), country);

/** What a change sends: one field per PUT. */
function changesOf(change: ContactChange, country: string): PreferenceChange[] {
  if (change.field === 'quiet_hours') {
    return [{ quiet_hours_start: change.start }, { quiet_hours_end: change.end }];
  }
  if (change.field === 'sms_number')
    return [{ sms_number: numberOf(change.value, country) ?? null }];
  return [{ [change.field]: change.value }];
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** The states a save has settled into: each takes the next change at once. */
const settled = {
  on: {
    'contact.change': { target: 'next', actions: 'enqueue' },
    'contact.toggleTopic': { target: 'next', actions: ['toggleTopic', 'markTopics'] },
  },
} as const;

/**
 * The states a failed save settles into: the same, and Try again. Only there can the ticks shown
 * differ from what the store holds (every other way out of a save goes on to save them).
 */
const failed = {
  on: {
    ...settled.on,
    // After a failed save of the topics: the ticks shown are tried again.
    'contact.saveTopics': { guard: 'topicsChanged', target: 'savingTopics', actions: 'markTopics' },
  },
} as const;

export const contactPreferencesMachine = setup({
  types: {
    context: {} as ContactPreferencesContext,
    input: {} as { country: string },
    events: {} as ContactPreferencesEvent,
  },
  actors: {
    load: fromPromise<NotificationSettings>(async () => {
      throw new Error('load is provided by the container');
    }),
    save: fromPromise<Preferences, { pk: number; change: PreferenceChange }>(async () => {
      throw new Error('save is provided by the container');
    }),
    saveTopics: fromPromise<UserPreference, { pk: number; notifications: number[] }>(async () => {
      throw new Error('saveTopics is provided by the container');
    }),
  },
  actions: {
    enqueue: assign({
      queued: ({ context, event }) =>
        event.type === 'contact.change'
          ? [...context.queued.filter((c) => c.field !== event.change.field), event.change]
          : context.queued,
    }),
    takeQueued: assign(({ context }) => {
      const [head, ...rest] = context.queued;
      return head
        ? { pending: changesOf(head, context.country), queued: rest, group: groupOf(head) }
        : {};
    }),
    dropQueuedNumber: assign(({ context }) => ({
      queued: context.queued.slice(1),
      group: 'channels' as const,
    })),
    markTopics: assign({ group: 'topics' as const }),
    toggleTopic: assign({
      chosen: ({ context, event }) => {
        if (event.type !== 'contact.toggleTopic') return context.chosen;
        const ids = context.chosen;
        return ids.includes(event.id)
          ? ids.filter((x) => x !== event.id)
          : [...ids, event.id].sort((a, b) => a - b);
      },
    }),
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
    /** Changes made while the last save was on its way: they are saved next. */
    hasMore: ({ context }) =>
      context.queued.length > 0 ||
      (context.settings !== null &&
        !sameIds(context.chosen, context.settings.chosen.notifications)),
    topicsChanged: ({ context }) =>
      context.settings !== null && !sameIds(context.chosen, context.settings.chosen.notifications),
    hasMoreChanges: ({ context }) => context.pending.length > 1,
    /** The server refused the number itself (400): the person can correct it. */
    isNumberRefused: ({ context }, error: unknown) =>
      context.pending.some((change) => 'sms_number' in change) && statusOf(error) === 400,
  },
}).createMachine({
  id: 'contactPreferences',
  context: ({ input }) => ({
    country: input.country,
    settings: null,
    chosen: [],
    pending: [],
    queued: [],
    group: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'loaded',
          actions: assign({
            settings: ({ event }) => event.output,
            chosen: ({ event }) => event.output.chosen.notifications,
          }),
        },
        onError: {
          target: 'loadFailed',
          actions: {
            type: 'logFailure',
            params: ({ event }) => ({
              what: 'Loading the notification settings failed',
              error: event.error,
            }),
          },
        },
      },
    },
    loadFailed: { tags: ['error'], on: { 'contact.retry': 'loading' } },
    loaded: {
      initial: 'editing',
      // Nothing waits while a change saves: topics are ticked, other changes queued.
      on: {
        'contact.toggleTopic': { actions: ['toggleTopic', 'markTopics'] },
        'contact.change': { actions: 'enqueue' },
      },
      states: {
        editing: settled,
        /** What to save next: the queued changes in order, then the ticked topics. */
        next: {
          always: [
            { guard: 'isUnusableNumber', target: 'numberRefused', actions: 'dropQueuedNumber' },
            { guard: 'hasQueued', target: 'saving', actions: 'takeQueued' },
            { guard: 'topicsChanged', target: 'savingTopics', actions: 'markTopics' },
            // Ticked back to what the store holds: nothing to send, nothing to say.
            { target: 'editing' },
          ],
        },
        saved: { ...settled, tags: ['saved'] },
        // next-steps.md §8: a failed save is told at once (Next Steps' "Trouble connecting" toast).
        saveFailed: { ...failed, tags: ['failed'], entry: 'reportSaveFailed' },
        numberRefused: { ...failed, tags: ['invalidNumber'] },
        saving: {
          tags: ['pending'],
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({
              pk: context.settings?.preferences.pk ?? 0,
              change: context.pending[0] ?? {},
            }),
            onDone: [
              {
                guard: 'hasMoreChanges',
                target: 'saving',
                reenter: true,
                actions: assign({ pending: ({ context }) => context.pending.slice(1) }),
              },
              {
                guard: 'hasMore',
                target: 'next',
                actions: [
                  assign({
                    settings: ({ context, event }) =>
                      context.settings && { ...context.settings, preferences: event.output },
                    pending: [],
                  }),
                  { type: 'reportSaved', params: ({ event }) => event.output },
                ],
              },
              {
                target: 'saved',
                actions: [
                  assign({
                    settings: ({ context, event }) =>
                      context.settings && { ...context.settings, preferences: event.output },
                    pending: [],
                  }),
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
                actions: assign({ pending: [], queued: [] }),
              },
              {
                target: 'saveFailed',
                actions: [
                  assign({ pending: [], queued: [] }),
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
        savingTopics: {
          tags: ['pending'],
          invoke: {
            id: 'saveTopics',
            src: 'saveTopics',
            input: ({ context }) => ({
              pk: context.settings?.chosen.pk ?? 0,
              notifications: context.chosen,
            }),
            // Changes made while these saved are saved next (the `next` state).
            onDone: [
              {
                guard: ({ context, event }) =>
                  context.queued.length > 0 || !sameIds(context.chosen, event.output.notifications),
                target: 'next',
                actions: assign({
                  settings: ({ context, event }) =>
                    context.settings && { ...context.settings, chosen: event.output },
                }),
              },
              {
                target: 'saved',
                actions: assign({
                  settings: ({ context, event }) =>
                    context.settings && { ...context.settings, chosen: event.output },
                }),
              },
            ],
            onError: {
              target: 'saveFailed',
              actions: [
                assign({ queued: [] }),
                {
                  type: 'logFailure',
                  params: ({ event }) => ({
                    what: 'Saving the notification topics failed',
                    error: event.error,
                  }),
                },
              ],
            },
          },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof contactPreferencesMachine>;
export const selectSettingsStatus = (s: Snapshot): 'loading' | 'failed' | 'ready' =>
  s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'failed' : 'ready';
export const selectSettings = (s: Snapshot) => s.context.settings;
/** The group whose status line says how the last change went. */
export const selectContactGroup = (s: Snapshot) => s.context.group;
/**
 * The preferences as the screen shows them: what the store holds with the changes on their way
 * (being saved, then queued) laid over it, so a control shows its new value at once.
 */
export const selectShownPreferences = (s: Snapshot): Preferences | null => {
  const stored = s.context.settings?.preferences;
  if (!stored) return null;
  const onTheirWay = [
    ...s.context.pending,
    ...s.context.queued.flatMap((c) =>
      // A queued number is shown as typed until it is sent; the others as they will be sent.
      c.field === 'sms_number' ? [{ sms_number: c.value }] : changesOf(c, s.context.country),
    ),
  ];
  return onTheirWay.reduce<Preferences>((shown, change) => ({ ...shown, ...change }), stored);
};
export const selectChosenTopics = (s: Snapshot) => s.context.chosen;
export const selectContactSaving = (s: Snapshot) => s.hasTag('pending');
/** What the last save did, as the screen says it. */
export const selectContactOutcome = (s: Snapshot): 'saved' | 'failed' | 'invalid-sms' | null =>
  s.hasTag('saved')
    ? 'saved'
    : s.hasTag('failed')
      ? 'failed'
      : s.hasTag('invalidNumber')
        ? 'invalid-sms'
        : null;
/** Ticked or unticked topics not saved yet. */
export const selectTopicsChanged = (s: Snapshot) =>
  s.context.settings !== null &&
  !sameIds(s.context.chosen, s.context.settings.chosen.notifications);

/**
 * The one notification-settings screen (issue 29), the same on the portal's Account page (portal.md
 * §3 preferences, §7 PUT /preferences/{pk} with one preference field) and in Next Steps' preferences
 * (next-steps.md §2): the portal's preferences record and Next Steps' topics, loaded together; each
 * change saved on its own. Quiet hours are two fields, sent one PUT after the other. The number is
 * sent as E.164 by the one phone rule (contract/phone.rules.ts) in the campus's country; one the rule
 * refuses is not sent, and one the server refuses (400) gets the same answer. Only a saved change
 * counts: `reportSaved` hands the server's preferences on (the portal gives them to its user record).
 */
import { assign, fromPromise, setup } from 'xstate';
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

export interface ContactPreferencesContext {
  /** The campus's phone country (campus configuration). */
  country: string;
  settings: NotificationSettings | null;
  /** The topics ticked, saved or not. */
  chosen: number[];
  /** The one-field changes of the change being saved, sent in order. */
  pending: PreferenceChange[];
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

/** The states a save has settled into: each takes the next change. */
const settled = {
  on: {
    'contact.change': [
      { guard: 'isUnusableNumber', target: 'numberRefused' },
      { target: 'saving', actions: 'takeChange' },
    ],
    'contact.saveTopics': { target: 'savingTopics' },
    'contact.toggleTopic': { target: 'editing', actions: 'toggleTopic' },
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
    takeChange: assign({
      pending: ({ context, event }) =>
        event.type === 'contact.change' ? changesOf(event.change, context.country) : [],
    }),
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
  },
  guards: {
    /** A number the phone rule refuses: it is not sent. */
    isUnusableNumber: ({ context, event }) =>
      event.type === 'contact.change' &&
      event.change.field === 'sms_number' &&
      numberOf(event.change.value, context.country) === undefined,
    hasMoreChanges: ({ context }) => context.pending.length > 1,
    /** The server refused the number itself (400): the person can correct it. */
    isNumberRefused: ({ context }, error: unknown) =>
      context.pending.some((change) => 'sms_number' in change) && statusOf(error) === 400,
  },
}).createMachine({
  id: 'contactPreferences',
  context: ({ input }) => ({ country: input.country, settings: null, chosen: [], pending: [] }),
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
      // Topics stay tickable while a change saves; the answer's "Saved." follows.
      on: { 'contact.toggleTopic': { actions: 'toggleTopic' } },
      states: {
        editing: settled,
        saved: { ...settled, tags: ['saved'] },
        saveFailed: { ...settled, tags: ['failed'] },
        numberRefused: { ...settled, tags: ['invalidNumber'] },
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
                actions: assign({ pending: [] }),
              },
              {
                target: 'saveFailed',
                actions: [
                  assign({ pending: [] }),
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
            onDone: {
              target: 'saved',
              actions: assign({
                settings: ({ context, event }) =>
                  context.settings && { ...context.settings, chosen: event.output },
              }),
            },
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
    },
  },
});

type Snapshot = { context: ContactPreferencesContext; hasTag: (tag: string) => boolean };
export const selectSettingsStatus = (s: Snapshot): 'loading' | 'failed' | 'ready' =>
  s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'failed' : 'ready';
export const selectSettings = (s: Snapshot) => s.context.settings;
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

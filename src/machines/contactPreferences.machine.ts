/**
 * Communication preferences on the Account page (portal.md §3 preferences, §7 PUT /preferences/{pk}
 * with one preference field): contact by email, contact by text and the text-message number, each
 * saved alone. The number is sent as E.164 by the one phone rule (contract/phone.rules.ts) in the
 * campus's country; one the rule refuses is not sent, and
 * one the server refuses (400) gets the same message; either way the typed number stays in the field. Only a saved change counts:
 * `reportSaved` hands the server's preferences to the app machine's user record.
 */
import { assign, fromPromise, setup } from 'xstate';
import { toE164 } from '../../contract/phone.rules.js';
import type { PreferenceChange, Preferences } from '../../contract/preferences.schema.js';
import { statusOf } from '../api/errors.js';

export type ContactField = 'contact_by_email' | 'contact_by_text' | 'sms_number';

/** Why the last change did not save: the number is not one, or the save failed. */
export interface ContactProblem {
  field: ContactField;
  reason: 'invalid' | 'failed';
}

export interface ContactPreferencesContext {
  sms: string;
  /** The campus's phone country (campus configuration). */
  country: string;
  /** The change being saved. */
  pending: PreferenceChange | null;
  problem: ContactProblem | null;
  /** The field whose change was saved last ("Saved" shows beside it). */
  saved: ContactField | null;
}

export type ContactPreferencesEvent =
  | { type: 'contact.toggle'; field: 'contact_by_email' | 'contact_by_text'; value: boolean }
  | { type: 'contact.editSms'; value: string }
  | { type: 'contact.saveSms' };

/** The number is saved as E.164; an empty field (or one the rule refuses) saves no number. */
const smsChange = (context: ContactPreferencesContext): PreferenceChange => ({
  sms_number: toE164(context.sms, context.country) ?? null,
});

const fieldOf = (change: PreferenceChange): ContactField =>
  'sms_number' in change
    ? 'sms_number'
    : 'contact_by_text' in change
      ? 'contact_by_text'
      : 'contact_by_email';

const fieldOfPending = ({ context }: { context: ContactPreferencesContext }) =>
  context.pending ? fieldOf(context.pending) : 'sms_number';

export const contactPreferencesMachine = setup({
  types: {
    context: {} as ContactPreferencesContext,
    input: {} as { sms: string | null; country: string },
    events: {} as ContactPreferencesEvent,
  },
  actors: {
    save: fromPromise<Preferences, PreferenceChange>(async () => {
      throw new Error('save is provided by the container');
    }),
  },
  actions: {
    reportSaved: (_, _preferences: Preferences) => {},
    logFailure: (_, _error: unknown) => {},
  },
  guards: {
    isSmsValid: ({ context }) =>
      context.sms.trim() === '' || toE164(context.sms, context.country) !== undefined,
    /** The server refused the number itself (400): the student can correct it. */
    isNumberRefused: ({ context }, error: unknown) =>
      context.pending !== null && 'sms_number' in context.pending && statusOf(error) === 400,
  },
}).createMachine({
  id: 'contactPreferences',
  context: ({ input }) => ({
    sms: input.sms ?? '',
    country: input.country,
    pending: null,
    problem: null,
    saved: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'contact.toggle': {
          target: 'saving',
          actions: assign({
            pending: ({ event }) => ({ [event.field]: event.value }),
            problem: null,
            saved: null,
          }),
        },
        'contact.editSms': {
          actions: assign({ sms: ({ event }) => event.value, problem: null, saved: null }),
        },
        'contact.saveSms': [
          {
            guard: 'isSmsValid',
            target: 'saving',
            actions: assign({
              pending: ({ context }) => smsChange(context),
              problem: null,
              saved: null,
            }),
          },
          { actions: assign({ problem: { field: 'sms_number', reason: 'invalid' }, saved: null }) },
        ],
      },
    },
    saving: {
      tags: ['pending'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => context.pending ?? {},
        onDone: {
          target: 'idle',
          actions: [
            assign({ saved: fieldOfPending, pending: null }),
            { type: 'reportSaved', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            guard: {
              type: 'isNumberRefused',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'idle',
            actions: assign({ problem: { field: 'sms_number', reason: 'invalid' }, pending: null }),
          },
          {
            target: 'idle',
            actions: [
              assign({
                problem: (args) => ({ field: fieldOfPending(args), reason: 'failed' }),
                pending: null,
              }),
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

type Snapshot = { context: ContactPreferencesContext; hasTag: (tag: string) => boolean };
export const selectContactSaving = (s: Snapshot) => s.hasTag('pending');
export const selectSmsDraft = (s: Snapshot) => s.context.sms;
export const selectContactProblem = (s: Snapshot) => s.context.problem;
export const selectContactSaved = (s: Snapshot) => s.context.saved;

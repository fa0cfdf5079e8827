/**
 * The one notification-settings screen (issue 29), the same on the portal's Account page (portal.md
 * §3 preferences, §7 PUT /preferences/{pk} with one preference field) and in Next Steps' preferences
 * (next-steps.md §2): the portal's preferences record and Next Steps' topics, loaded together; each
 * change saved on its own (issue 43). Once they are loaded it invokes the preferences' save queue
 * (`preference-saves.machine.ts`, id `preferenceSaves`) and the topics' (`topic-saves.machine.ts`, id
 * `topicSaves`), passes each change on to the one it concerns, and remembers the group of the last
 * change: the screen says how that one went, from that child's state (`selectSaves`).
 */
import { assign, forwardTo, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { NotificationSettings } from '../api/notification-settings.js';
import { groupOf } from '../lib/contact-changes.js';
import type { ContactChange, SettingsGroup } from '../lib/contact-changes.js';
import { preferenceSavesMachine } from './preference-saves.machine.js';
import { topicSavesMachine } from './topic-saves.machine.js';
import type { TopicSavesEvent } from './topic-saves.machine.js';

export type { ContactChange } from '../lib/contact-changes.js';

export interface ContactPreferencesContext {
  /** The campus's phone country (campus configuration). */
  country: string;
  settings: NotificationSettings | null;
  /** The group of the last change: where the screen says how it went. */
  group: SettingsGroup | null;
}

export type ContactPreferencesEvent =
  { type: 'contact.retry' } | { type: 'contact.change'; change: ContactChange } | TopicSavesEvent;

/** `loaded` is entered only with the settings the load answered. */
function loadedOf(context: ContactPreferencesContext): NotificationSettings {
  if (context.settings === null) throw new Error('The settings are not loaded');
  return context.settings;
}

export const contactPreferencesMachine = setup({
  types: {
    children: {} as { load: 'load'; preferenceSaves: 'preferences'; topicSaves: 'topics' },
    context: {} as ContactPreferencesContext,
    input: {} as { country: string },
    events: {} as ContactPreferencesEvent,
  },
  actors: {
    load: fromPromise<NotificationSettings>(async () => {
      throw new Error('load is provided by the container');
    }),
    preferences: preferenceSavesMachine,
    topics: topicSavesMachine,
  },
  actions: {
    logFailure: (_, _failure: { what: string; error: unknown }) => {},
  },
}).createMachine({
  id: 'contactPreferences',
  context: ({ input }) => ({ country: input.country, settings: null, group: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'loaded',
          actions: assign({ settings: ({ event }) => event.output }),
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
      invoke: [
        {
          id: 'preferenceSaves',
          src: 'preferences',
          input: ({ context }) => ({
            country: context.country,
            preferences: loadedOf(context).preferences,
          }),
        },
        {
          id: 'topicSaves',
          src: 'topics',
          input: ({ context }) => ({ stored: loadedOf(context).chosen }),
        },
      ],
      on: {
        'contact.change': {
          actions: [
            assign({ group: ({ event }) => groupOf(event.change) }),
            forwardTo('preferenceSaves'),
          ],
        },
        'contact.toggleTopic': {
          actions: [assign({ group: 'topics' }), forwardTo('topicSaves')],
        },
        'contact.saveTopics': {
          actions: [assign({ group: 'topics' }), forwardTo('topicSaves')],
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof contactPreferencesMachine>;
export const selectSettingsStatus = (s: Snapshot): 'loading' | 'failed' | 'ready' =>
  s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'failed' : 'ready';
/** The settings as loaded (the topics offered); what the saves changed since is `selectSaves`'. */
export const selectSettings = (s: Snapshot) => s.context.settings;
/** The group of the last change: its status line says how the save went. */
export const selectContactGroup = (s: Snapshot) => s.context.group;
/** The two save queues, once the settings are loaded. */
export const selectSaves = (s: Snapshot) => ({
  preferences: s.children.preferenceSaves,
  topics: s.children.topicSaves,
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { UserPreference } from '../../contract/next-steps/choices.schema.js';
import type { PreferenceChange, Preferences } from '../../contract/preferences.schema.js';
import type { NotificationSettings } from '../../src/api/notification-settings.js';
import { outcomeOf } from '../../src/lib/contact-changes.js';
import {
  contactPreferencesMachine,
  selectContactGroup,
  selectSaves,
  selectSettings,
  selectSettingsStatus,
} from '../../src/machines/contact-preferences.machine.js';
import {
  preferenceSavesMachine,
  selectShownPreferences,
} from '../../src/machines/preference-saves.machine.js';
import { selectChosenTopics, topicSavesMachine } from '../../src/machines/topic-saves.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const prefs: Preferences = {
  pk: 4,
  use_profile_photo: true,
  contact_by_email: true,
  contact_by_text: false,
  sms_number: null,
  theme: 'system',
  language: null,
  quiet_hours_start: '21:00',
  quiet_hours_end: '08:00',
  daily_digest: false,
  dashboard_layout: null,
};
const chosen: UserPreference = { pk: 9, notifications: [1], updated_by_user_on: null };
const settings: NotificationSettings = {
  preferences: prefs,
  topics: [
    { id: 1, name: 'Deadline alerts' },
    { id: 2, name: 'Weekly summary' },
  ],
  chosen,
};
const events = [
  { type: 'xstate.done.actor.load', output: settings },
  { type: 'xstate.error.actor.load', error: new TypeError('network') },
  { type: 'contact.retry' },
  { type: 'contact.change', change: { field: 'daily_digest', value: true } },
  { type: 'contact.toggleTopic', id: 2 },
  { type: 'contact.saveTopics' },
];

function run(load: () => Promise<NotificationSettings>) {
  const sent: PreferenceChange[] = [];
  const topicsSent: number[][] = [];
  const logged: string[] = [];
  const actor = createActor(
    contactPreferencesMachine.provide({
      actors: {
        load: fromPromise(load),
        preferences: preferenceSavesMachine.provide({
          actors: {
            save: fromPromise(async ({ input }) => {
              sent.push(input.change);
              return { ...prefs, ...input.change };
            }),
          },
        }),
        topics: topicSavesMachine.provide({
          actors: {
            saveTopics: fromPromise(async ({ input }) => {
              topicsSent.push(input.notifications);
              return { ...chosen, notifications: input.notifications };
            }),
          },
        }),
      },
      actions: { logFailure: (_, { what }) => logged.push(what) },
    }),
    { input: { country: 'US' } },
  ).start();
  return { actor, sent, topicsSent, logged };
}

describe('contact preferences machine', () => {
  const paths = shortestPaths(contactPreferencesMachine, events, { country: 'US' });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'runs the save queues only once the settings are loaded, with what was loaded: %s',
    (_title, { state, steps }) => {
      const { preferences, topics } = selectSaves(state);
      const ready = selectSettingsStatus(state) === 'ready';
      expect([preferences !== undefined, topics !== undefined]).toEqual([ready, ready]);
      if (preferences) {
        expect(preferences.getSnapshot().context.preferences).toEqual(
          selectSettings(state)?.preferences,
        );
      }
      const last = steps.at(-1)?.event.type;
      if (ready && (last === 'contact.toggleTopic' || last === 'contact.saveTopics')) {
        expect(selectContactGroup(state)).toBe('topics');
      }
    },
  );

  it('loads the settings and the ticked topics, and a failed load can be tried again', async () => {
    let calls = 0;
    const { actor, logged } = run(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return settings;
    });
    expect(selectSettingsStatus(actor.getSnapshot())).toBe('loading');
    await waitFor(actor, (s) => selectSettingsStatus(s) === 'failed');
    expect(logged).toEqual(['Loading the notification settings failed']);
    actor.send({ type: 'contact.retry' });
    await waitFor(actor, (s) => selectSettingsStatus(s) === 'ready');
    expect(selectSettings(actor.getSnapshot())).toEqual(settings);
    const { topics } = selectSaves(actor.getSnapshot());
    expect(topics && selectChosenTopics(topics.getSnapshot())).toEqual([1]);
  });

  it('passes each change on to the save queue it concerns, and remembers the group of the last', async () => {
    const { actor, sent, topicsSent } = run(async () => settings);
    await waitFor(actor, (s) => selectSettingsStatus(s) === 'ready');
    actor.send({ type: 'contact.change', change: { field: 'daily_digest', value: true } });
    actor.send({ type: 'contact.toggleTopic', id: 2 });
    const { preferences, topics } = selectSaves(actor.getSnapshot());
    if (!preferences || !topics) throw new Error('no save queues');
    expect(selectShownPreferences(preferences.getSnapshot()).daily_digest).toBe(true);
    expect(selectContactGroup(actor.getSnapshot())).toBe('topics');
    await waitFor(preferences, (s) => outcomeOf(s) === 'saved');
    await waitFor(topics, (s) => outcomeOf(s) === 'saved');
    expect(sent).toEqual([{ daily_digest: true }]);
    expect(topicsSent).toEqual([[1, 2]]);
  });

  it('without the calls provided by the container, the screen fails to load and says so', async () => {
    const logged: unknown[] = [];
    const actor = createActor(
      contactPreferencesMachine.provide({
        actions: { logFailure: (_, { error }) => logged.push(error) },
      }),
      { input: { country: 'US' } },
    ).start();
    await waitFor(actor, (s) => selectSettingsStatus(s) === 'failed');
    expect(logged.map((e) => (e as Error).message)).toEqual(['load is provided by the container']);
  });
});

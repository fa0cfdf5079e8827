import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { UserPreference } from '../../contract/next-steps/choices.schema.js';
import type { PreferenceChange, Preferences } from '../../contract/preferences.schema.js';
import type { NotificationSettings } from '../../src/api/notification-settings.js';
import {
  contactPreferencesMachine,
  selectChosenTopics,
  selectContactGroup,
  selectContactOutcome,
  selectContactSaving,
  selectSettings,
  selectShownPreferences,
  selectSettingsStatus,
  selectTopicsChanged,
} from '../../src/machines/contactPreferences.machine.js';
import type { ContactChange } from '../../src/machines/contactPreferences.machine.js';
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
const refused = () =>
  new HTTPError(
    new Response('{"detail":"body.sms_number: must be a phone number"}', { status: 400 }),
    new Request('http://portal.test/api/preferences/4'),
    {} as never,
  );
const change = (c: ContactChange) => ({ type: 'contact.change', change: c }) as const;
const events = [
  { type: 'xstate.done.actor.load', output: settings },
  { type: 'xstate.error.actor.load', error: new TypeError('network') },
  { type: 'contact.retry' },
  change({ field: 'contact_by_text', value: true }),
  change({ field: 'sms_number', value: '503-555-0142' }),
  change({ field: 'sms_number', value: 'call me' }),
  change({ field: 'quiet_hours', start: '22:00', end: '07:30' }),
  { type: 'contact.toggleTopic', id: 2 },
  { type: 'contact.saveTopics' },
  { type: 'xstate.done.actor.save', output: prefs },
  { type: 'xstate.error.actor.save', error: refused() },
  { type: 'xstate.error.actor.save', error: new TypeError('network') },
  { type: 'xstate.done.actor.saveTopics', output: { ...chosen, notifications: [1, 2] } },
  { type: 'xstate.error.actor.saveTopics', error: new TypeError('network') },
];

interface Fakes {
  load?: () => Promise<NotificationSettings>;
  save?: (change: PreferenceChange) => Promise<Preferences>;
  saveTopics?: (notifications: number[]) => Promise<UserPreference>;
}

function run(fakes: Fakes = {}) {
  const sent: PreferenceChange[] = [];
  const topicsSent: number[][] = [];
  const reported: Preferences[] = [];
  const logged: string[] = [];
  const failures: string[] = [];
  const actor = createActor(
    contactPreferencesMachine.provide({
      actors: {
        load: fromPromise(() => (fakes.load ?? (async () => settings))()),
        save: fromPromise(({ input }) => {
          sent.push(input.change);
          return (fakes.save ?? (async (c) => ({ ...prefs, ...c })))(input.change);
        }),
        saveTopics: fromPromise(({ input }) => {
          topicsSent.push(input.notifications);
          return (fakes.saveTopics ?? (async (n) => ({ ...chosen, notifications: n })))(
            input.notifications,
          );
        }),
      },
      actions: {
        reportSaved: (_, p) => reported.push(p),
        logFailure: (_, { what }) => logged.push(what),
        reportSaveFailed: () => failures.push('failed'),
      },
    }),
    { input: { country: 'US' } },
  ).start();
  return { actor, sent, topicsSent, reported, logged, failures };
}

const settledOf = (actor: ReturnType<typeof run>['actor']) =>
  waitFor(actor, (s) => !selectContactSaving(s) && selectSettingsStatus(s) !== 'loading');

describe('contact preferences machine', () => {
  const paths = shortestPaths(contactPreferencesMachine, events, { country: 'US' });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'sends one field a request, numbers as E.164 only, and says "Saved" only once the server answered: %s',
    (_title, { state, steps }) => {
      for (const sending of state.context.pending) {
        expect(Object.keys(sending)).toHaveLength(1);
        if ('sms_number' in sending) expect(sending.sms_number ?? '+1').toMatch(/^\+\d+$/);
      }
      const outcome = selectContactOutcome(state);
      if (selectContactSaving(state)) expect(outcome).toBeNull();
      const last = steps.at(-1)?.event.type;
      if (outcome === 'saved') expect(last).toMatch(/^xstate\.done\.actor\.save/);
      if (selectSettingsStatus(state) !== 'ready') expect(outcome).toBeNull();
    },
  );

  it('loads the settings and the ticked topics, and a failed load can be tried again', async () => {
    let calls = 0;
    const { actor, logged } = run({
      load: async () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return settings;
      },
    });
    expect(selectSettingsStatus(actor.getSnapshot())).toBe('loading');
    await waitFor(actor, (s) => selectSettingsStatus(s) === 'failed');
    expect(logged).toEqual(['Loading the notification settings failed']);
    actor.send({ type: 'contact.retry' });
    await waitFor(actor, (s) => selectSettingsStatus(s) === 'ready');
    expect(selectSettings(actor.getSnapshot())).toEqual(settings);
    expect(selectChosenTopics(actor.getSnapshot())).toEqual([1]);
  });

  it('each preference is saved alone, with exactly one field; the number without its separators', async () => {
    const { actor, sent, reported } = run();
    await settledOf(actor);
    actor.send(change({ field: 'contact_by_email', value: false }));
    await settledOf(actor);
    actor.send(change({ field: 'sms_number', value: '(503) 555-0142' }));
    await settledOf(actor);
    expect(sent).toEqual([{ contact_by_email: false }, { sms_number: '+15035550142' }]);
    expect(selectContactOutcome(actor.getSnapshot())).toBe('saved');
    expect(reported.at(-1)?.sms_number).toBe('+15035550142');
    expect(selectSettings(actor.getSnapshot())?.preferences.sms_number).toBe('+15035550142');
  });

  it('quiet hours are saved as two single-field requests, start then end, and only the last answer counts', async () => {
    const { actor, sent, reported } = run();
    await settledOf(actor);
    actor.send(change({ field: 'quiet_hours', start: '22:00', end: '07:30' }));
    expect(selectContactSaving(actor.getSnapshot())).toBe(true);
    await settledOf(actor);
    expect(sent).toEqual([{ quiet_hours_start: '22:00' }, { quiet_hours_end: '07:30' }]);
    expect(reported).toHaveLength(1);
    expect(selectContactOutcome(actor.getSnapshot())).toBe('saved');
  });

  it('an invalid SMS number is not sent and gets the invalid-number answer', async () => {
    const { actor, sent } = run();
    await settledOf(actor);
    actor.send(change({ field: 'sms_number', value: 'call me' }));
    expect(sent).toEqual([]);
    expect(selectContactOutcome(actor.getSnapshot())).toBe('invalid-sms');
  });

  it('a number the server refuses gets the same answer, and nothing is reported saved', async () => {
    const { actor, reported, logged } = run({ save: () => Promise.reject(refused()) });
    await settledOf(actor);
    actor.send(change({ field: 'sms_number', value: '+1 503 555 0142' }));
    await settledOf(actor);
    expect(selectContactOutcome(actor.getSnapshot())).toBe('invalid-sms');
    expect(reported).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('an emptied field saves "no number"', async () => {
    const { actor, sent } = run();
    await settledOf(actor);
    actor.send(change({ field: 'sms_number', value: '  ' }));
    await settledOf(actor);
    expect(sent).toEqual([{ sms_number: null }]);
  });

  it('a refused toggle is a failed save of that toggle, not an invalid number, and is logged', async () => {
    const { actor, logged } = run({ save: () => Promise.reject(refused()) });
    await settledOf(actor);
    actor.send(change({ field: 'contact_by_text', value: true }));
    await settledOf(actor);
    expect(selectContactOutcome(actor.getSnapshot())).toBe('failed');
    expect(logged).toEqual(['Saving a notification setting failed']);
    expect(selectSettings(actor.getSnapshot())?.preferences.contact_by_text).toBe(false);
  });

  it('a number whose save fails for another reason than a refusal is a failed save, not an invalid number', async () => {
    const { actor } = run({ save: () => Promise.reject(new TypeError('Failed to fetch')) });
    await settledOf(actor);
    actor.send(change({ field: 'sms_number', value: '503-555-0142' }));
    await settledOf(actor);
    expect(selectContactOutcome(actor.getSnapshot())).toBe('failed');
  });

  it('one save model: a ticked topic is saved at once to the Next Steps record, and says so in its group', async () => {
    const { actor, topicsSent } = run();
    await settledOf(actor);
    actor.send({ type: 'contact.toggleTopic', id: 2 });
    expect(selectChosenTopics(actor.getSnapshot())).toEqual([1, 2]);
    expect(selectContactSaving(actor.getSnapshot())).toBe(true);
    expect(selectContactGroup(actor.getSnapshot())).toBe('topics');
    await settledOf(actor);
    expect(topicsSent).toEqual([[1, 2]]);
    expect(selectTopicsChanged(actor.getSnapshot())).toBe(false);
    expect(selectContactOutcome(actor.getSnapshot())).toBe('saved');
  });

  it('nothing waits for a save: changes made meanwhile are shown at once and sent in order when it ends', async () => {
    const answers: Array<() => void> = [];
    const { actor, sent, topicsSent, reported } = run({
      save: (c) =>
        new Promise<Preferences>((resolve) => answers.push(() => resolve({ ...prefs, ...c }))),
      saveTopics: (n) =>
        new Promise<UserPreference>((resolve) =>
          answers.push(() => resolve({ ...chosen, notifications: n })),
        ),
    });
    await settledOf(actor);
    actor.send(change({ field: 'contact_by_email', value: false }));
    actor.send(change({ field: 'contact_by_text', value: true }));
    actor.send(change({ field: 'contact_by_text', value: false }));
    actor.send(change({ field: 'daily_digest', value: true }));
    actor.send({ type: 'contact.toggleTopic', id: 2 });
    const shown = selectShownPreferences(actor.getSnapshot());
    expect(shown).toMatchObject({
      contact_by_email: false,
      contact_by_text: false,
      daily_digest: true,
    });
    expect(selectChosenTopics(actor.getSnapshot())).toEqual([1, 2]);
    for (let i = 0; i < 4; i += 1) {
      await waitFor(actor, () => answers.length > 0);
      answers.shift()?.();
    }
    await settledOf(actor);
    // The latest of each field, in the order first changed; then the topics.
    expect(sent).toEqual([
      { contact_by_email: false },
      { contact_by_text: false },
      { daily_digest: true },
    ]);
    expect(topicsSent).toEqual([[1, 2]]);
    expect(reported).toHaveLength(3);
    expect(selectContactOutcome(actor.getSnapshot())).toBe('saved');
    expect(selectContactGroup(actor.getSnapshot())).toBe('topics');
  });

  it('a failed save drops what was queued behind it: the screen shows what the store holds again', async () => {
    let fail = true;
    const answers: Array<() => void> = [];
    const { actor, sent } = run({
      save: (c) =>
        new Promise<Preferences>((resolve, reject) =>
          answers.push(() =>
            fail ? reject(new TypeError('offline')) : resolve({ ...prefs, ...c }),
          ),
        ),
    });
    await settledOf(actor);
    actor.send(change({ field: 'contact_by_email', value: false }));
    actor.send(change({ field: 'daily_digest', value: true }));
    await waitFor(actor, () => answers.length > 0);
    answers.shift()?.();
    await settledOf(actor);
    expect(sent).toEqual([{ contact_by_email: false }]);
    expect(selectContactOutcome(actor.getSnapshot())).toBe('failed');
    expect(selectShownPreferences(actor.getSnapshot())).toEqual(prefs);
    fail = false;
  });

  it('next-steps.md §8: every failed save is reported at once (the "Trouble connecting" toast), a saved one is not', async () => {
    const { actor, failures } = run({ saveTopics: () => Promise.reject(new TypeError('offline')) });
    await settledOf(actor);
    actor.send(change({ field: 'contact_by_text', value: true }));
    await settledOf(actor);
    expect(failures).toEqual([]);
    actor.send({ type: 'contact.toggleTopic', id: 2 });
    await settledOf(actor);
    expect(failures).toEqual(['failed']);
    actor.send({ type: 'contact.saveTopics' });
    await settledOf(actor);
    expect(failures).toEqual(['failed', 'failed']);
  });

  it('topics whose save fails stay ticked and unsaved, and the failure is logged', async () => {
    const { actor, logged } = run({ saveTopics: () => Promise.reject(new TypeError('offline')) });
    await settledOf(actor);
    actor.send({ type: 'contact.toggleTopic', id: 2 });
    await settledOf(actor);
    expect(selectContactOutcome(actor.getSnapshot())).toBe('failed');
    expect(selectTopicsChanged(actor.getSnapshot())).toBe(true);
    expect(logged).toEqual(['Saving the notification topics failed']);
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

import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PreferenceChange, Preferences } from '../../contract/preferences.schema.js';
import type { ContactChange } from '../../src/lib/contact-changes.js';
import { outcomeOf } from '../../src/lib/contact-changes.js';
import {
  preferenceSavesMachine,
  selectShownPreferences,
} from '../../src/machines/preference-saves.machine.js';
import { student } from './fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

// The sample student's stored preferences (fixtures.ts), under another key.
const prefs: Preferences = { ...student.preferences, pk: 4 };
const refused = () =>
  new HTTPError(
    new Response('{"detail":"body.sms_number: must be a phone number"}', { status: 400 }),
    new Request('http://portal.test/api/preferences/4'),
    {} as never,
  );
const change = (c: ContactChange) => ({ type: 'contact.change', change: c }) as const;
const events = [
  change({ field: 'contact_by_text', value: true }),
  change({ field: 'sms_number', value: '503-555-0142' }),
  change({ field: 'sms_number', value: 'call me' }),
  change({ field: 'quiet_hours', start: '22:00', end: '07:30' }),
  { type: 'xstate.done.actor.save', output: prefs },
  { type: 'xstate.error.actor.save', error: refused() },
  { type: 'xstate.error.actor.save', error: new TypeError('network') },
];

interface Fakes {
  save?: (change: PreferenceChange) => Promise<Preferences>;
}

function run(fakes: Fakes = {}) {
  const sent: PreferenceChange[] = [];
  const reported: Preferences[] = [];
  const logged: string[] = [];
  const failures: string[] = [];
  const actor = createActor(
    preferenceSavesMachine.provide({
      actors: {
        save: fromPromise(({ input }) => {
          sent.push(input.change);
          return (fakes.save ?? (async (c) => ({ ...prefs, ...c })))(input.change);
        }),
      },
      actions: {
        reportSaved: (_, p) => reported.push(p),
        logFailure: (_, { what }) => logged.push(what),
        reportSaveFailed: () => failures.push('failed'),
      },
    }),
    { input: { country: 'US', preferences: prefs } },
  ).start();
  return { actor, sent, reported, logged, failures };
}

const settledOf = (actor: ReturnType<typeof run>['actor']) =>
  waitFor(actor, (s) => !s.hasTag('pending'));

describe('the notification preferences’ save queue', () => {
  const paths = shortestPaths(preferenceSavesMachine, events, {
    country: 'US',
    preferences: prefs,
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'sends one field a request, numbers as E.164 only, and says "Saved" only once the server answered: %s',
    (_title, { state, steps }) => {
      for (const sending of state.context.pending) {
        expect(Object.keys(sending)).toHaveLength(1);
        if ('sms_number' in sending) expect(sending.sms_number ?? '+1').toMatch(/^\+\d+$/);
      }
      const outcome = outcomeOf(state);
      if (state.hasTag('pending')) expect(outcome).toBeNull();
      const last = steps.at(-1)?.event.type;
      if (outcome === 'saved') expect(last).toMatch(/^xstate\.done\.actor\.save/);
      // A failed save shows what the store holds again.
      if (outcome === 'failed')
        expect(selectShownPreferences(state)).toEqual(state.context.preferences);
    },
  );

  it('each preference is saved alone, with exactly one field; the number without its separators', async () => {
    const { actor, sent, reported } = run();
    await settledOf(actor);
    actor.send(change({ field: 'contact_by_email', value: false }));
    await settledOf(actor);
    actor.send(change({ field: 'sms_number', value: '(503) 555-0142' }));
    await settledOf(actor);
    expect(sent).toEqual([{ contact_by_email: false }, { sms_number: '+15035550142' }]);
    expect(outcomeOf(actor.getSnapshot())).toBe('saved');
    expect(reported.at(-1)?.sms_number).toBe('+15035550142');
    expect(actor.getSnapshot().context.preferences.sms_number).toBe('+15035550142');
  });

  it('quiet hours are saved as two single-field requests, start then end, and only the last answer counts', async () => {
    const { actor, sent, reported } = run();
    await settledOf(actor);
    actor.send(change({ field: 'quiet_hours', start: '22:00', end: '07:30' }));
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    await settledOf(actor);
    expect(sent).toEqual([{ quiet_hours_start: '22:00' }, { quiet_hours_end: '07:30' }]);
    expect(reported).toHaveLength(1);
    expect(outcomeOf(actor.getSnapshot())).toBe('saved');
  });

  it('an invalid SMS number is not sent and gets the invalid-number answer', async () => {
    const { actor, sent } = run();
    await settledOf(actor);
    actor.send(change({ field: 'sms_number', value: 'call me' }));
    expect(sent).toEqual([]);
    expect(outcomeOf(actor.getSnapshot())).toBe('invalid-sms');
  });

  it('a number the server refuses gets the same answer, and nothing is reported saved', async () => {
    const { actor, reported, logged } = run({ save: () => Promise.reject(refused()) });
    await settledOf(actor);
    actor.send(change({ field: 'sms_number', value: '+1 503 555 0142' }));
    await settledOf(actor);
    expect(outcomeOf(actor.getSnapshot())).toBe('invalid-sms');
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
    expect(outcomeOf(actor.getSnapshot())).toBe('failed');
    expect(logged).toEqual(['Saving a notification setting failed']);
    expect(actor.getSnapshot().context.preferences.contact_by_text).toBe(false);
  });

  it('a number whose save fails for another reason than a refusal is a failed save, not an invalid number', async () => {
    const { actor } = run({ save: () => Promise.reject(new TypeError('Failed to fetch')) });
    await settledOf(actor);
    actor.send(change({ field: 'sms_number', value: '503-555-0142' }));
    await settledOf(actor);
    expect(outcomeOf(actor.getSnapshot())).toBe('failed');
  });

  it('nothing waits for a save: changes made meanwhile are shown at once and sent in order when it ends', async () => {
    const answers: Array<() => void> = [];
    const { actor, sent, reported } = run({
      save: (c) =>
        new Promise<Preferences>((resolve) => answers.push(() => resolve({ ...prefs, ...c }))),
    });
    await settledOf(actor);
    actor.send(change({ field: 'contact_by_email', value: false }));
    actor.send(change({ field: 'contact_by_text', value: true }));
    actor.send(change({ field: 'contact_by_text', value: false }));
    actor.send(change({ field: 'daily_digest', value: true }));
    const shown = selectShownPreferences(actor.getSnapshot());
    expect(shown).toMatchObject({
      contact_by_email: false,
      contact_by_text: false,
      daily_digest: true,
    });
    for (let i = 0; i < 3; i += 1) {
      await waitFor(actor, () => answers.length > 0);
      answers.shift()?.();
    }
    await settledOf(actor);
    // The latest of each field, in the order first changed.
    expect(sent).toEqual([
      { contact_by_email: false },
      { contact_by_text: false },
      { daily_digest: true },
    ]);
    expect(reported).toHaveLength(3);
    expect(outcomeOf(actor.getSnapshot())).toBe('saved');
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
    expect(outcomeOf(actor.getSnapshot())).toBe('failed');
    expect(selectShownPreferences(actor.getSnapshot())).toEqual(prefs);
    fail = false;
  });

  it('next-steps.md §8: every failed save is reported at once (the "Trouble connecting" toast), a saved one is not', async () => {
    let fail = false;
    const { actor, failures } = run({
      save: (c) =>
        fail ? Promise.reject(new TypeError('offline')) : Promise.resolve({ ...prefs, ...c }),
    });
    actor.send(change({ field: 'contact_by_text', value: true }));
    await settledOf(actor);
    expect(failures).toEqual([]);
    fail = true;
    actor.send(change({ field: 'daily_digest', value: true }));
    await settledOf(actor);
    expect(failures).toEqual(['failed']);
    actor.send(change({ field: 'daily_digest', value: true }));
    await settledOf(actor);
    expect(failures).toEqual(['failed', 'failed']);
  });
});

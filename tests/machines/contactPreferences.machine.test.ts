import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PreferenceChange, Preferences } from '../../contract/preferences.schema.js';
import {
  contactPreferencesMachine,
  selectContactProblem,
  selectContactSaved,
  selectContactSaving,
  selectSmsDraft,
} from '../../src/machines/contactPreferences.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const prefs: Preferences = {
  pk: 4,
  use_profile_photo: true,
  contact_by_email: true,
  contact_by_text: false,
  sms_number: null,
  theme: 'system',
  quiet_hours_start: '21:00',
  quiet_hours_end: '08:00',
  daily_digest: false,
  dashboard_layout: null,
};
const refused = () =>
  new HTTPError(
    new Response('{"detail":"body.sms_number: must be a phone number"}', { status: 400 }),
    new Request('http://portal.test/api/preferences/4'),
    {} as never,
  );
const events = [
  { type: 'contact.toggle', field: 'contact_by_text', value: true },
  { type: 'contact.editSms', value: '503-555-0142' },
  { type: 'contact.editSms', value: 'call me' },
  { type: 'contact.saveSms' },
  { type: 'xstate.done.actor.save', output: prefs },
  { type: 'xstate.error.actor.save', error: refused() },
  { type: 'xstate.error.actor.save', error: new TypeError('network') },
];

function run(save: (change: PreferenceChange) => Promise<Preferences>, sms: string | null = null) {
  const sent: PreferenceChange[] = [];
  const reported: Preferences[] = [];
  const actor = createActor(
    contactPreferencesMachine.provide({
      actors: {
        save: fromPromise(({ input }) => {
          sent.push(input);
          return save(input);
        }),
      },
      actions: { reportSaved: (_, p) => reported.push(p) },
    }),
    { input: { sms, country: 'US' } },
  ).start();
  return { actor, sent, reported };
}

describe('contact preferences machine', () => {
  const paths = shortestPaths(contactPreferencesMachine, events, { sms: null });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'never loses the typed number, and shows a problem only when nothing is saving: %s',
    (_title, { state, steps }) => {
      const typed = steps.filter((s) => s.event.type === 'contact.editSms').at(-1)?.event;
      const expected = typed && 'value' in typed ? String(typed.value) : '';
      expect(selectSmsDraft(state)).toBe(expected);
      if (selectContactSaving(state)) expect(selectContactProblem(state)).toBeNull();
      if (selectContactProblem(state)) expect(selectContactSaved(state)).toBeNull();
    },
  );

  it('each preference is saved alone, with exactly one field; the number without its separators', async () => {
    const { actor, sent } = run(async () => prefs);
    actor.send({ type: 'contact.toggle', field: 'contact_by_email', value: false });
    await waitFor(actor, (s) => !selectContactSaving(s));
    actor.send({ type: 'contact.editSms', value: '(503) 555-0142' });
    actor.send({ type: 'contact.saveSms' });
    await waitFor(actor, (s) => !selectContactSaving(s));
    expect(sent).toEqual([{ contact_by_email: false }, { sms_number: '+15035550142' }]);
    expect(selectContactSaved(actor.getSnapshot())).toBe('sms_number');
  });

  it('an invalid SMS number is not sent, gets a clear message, and stays in the field', () => {
    const { actor, sent } = run(async () => prefs);
    actor.send({ type: 'contact.editSms', value: 'call me' });
    actor.send({ type: 'contact.saveSms' });
    expect(sent).toEqual([]);
    expect(selectContactProblem(actor.getSnapshot())).toEqual({
      field: 'sms_number',
      reason: 'invalid',
    });
    expect(selectSmsDraft(actor.getSnapshot())).toBe('call me');
  });

  it('a number the server refuses gets the same message and stays in the field', async () => {
    const { actor, reported } = run(() => Promise.reject(refused()), '5035550100');
    actor.send({ type: 'contact.editSms', value: '+1 503 555 01' });
    actor.send({ type: 'contact.saveSms' });
    await waitFor(actor, (s) => !selectContactSaving(s));
    expect(selectContactProblem(actor.getSnapshot())?.reason).toBe('invalid');
    expect(selectSmsDraft(actor.getSnapshot())).toBe('+1 503 555 01');
    expect(reported).toEqual([]);
  });

  it('an emptied field saves "no number"', async () => {
    const { actor, sent } = run(async () => prefs, '5035550100');
    actor.send({ type: 'contact.editSms', value: '  ' });
    actor.send({ type: 'contact.saveSms' });
    await waitFor(actor, (s) => !selectContactSaving(s));
    expect(sent).toEqual([{ sms_number: null }]);
  });

  it('the number on file shows in the field, and with none on file the field starts empty', () => {
    expect(selectSmsDraft(run(async () => prefs, '5035550100').actor.getSnapshot())).toBe(
      '5035550100',
    );
    const { actor } = run(async () => prefs, null);
    expect(selectSmsDraft(actor.getSnapshot())).toBe('');
    expect(selectContactProblem(actor.getSnapshot())).toBeNull();
    expect(selectContactSaved(actor.getSnapshot())).toBeNull();
  });

  it('a change shows as saving until the server answers, then "Saved" shows beside the field changed', async () => {
    const { actor } = run(async () => prefs);
    actor.send({ type: 'contact.toggle', field: 'contact_by_text', value: true });
    expect(selectContactSaving(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => !selectContactSaving(s));
    expect(selectContactSaved(actor.getSnapshot())).toBe('contact_by_text');
    actor.send({ type: 'contact.toggle', field: 'contact_by_email', value: false });
    expect(selectContactSaving(actor.getSnapshot())).toBe(true);
    expect(selectContactSaved(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => !selectContactSaving(s));
    expect(selectContactSaved(actor.getSnapshot())).toBe('contact_by_email');
  });

  it('a refused toggle is a failed save of that toggle, not an invalid number', async () => {
    const { actor } = run(() => Promise.reject(refused()));
    actor.send({ type: 'contact.toggle', field: 'contact_by_text', value: true });
    await waitFor(actor, (s) => !selectContactSaving(s));
    expect(selectContactProblem(actor.getSnapshot())).toEqual({
      field: 'contact_by_text',
      reason: 'failed',
    });
  });

  it('a number whose save fails for another reason than a refusal is a failed save, not an invalid number', async () => {
    const { actor } = run(() => Promise.reject(new TypeError('Failed to fetch')));
    actor.send({ type: 'contact.editSms', value: '503-555-0142' });
    actor.send({ type: 'contact.saveSms' });
    await waitFor(actor, (s) => !selectContactSaving(s));
    expect(selectContactProblem(actor.getSnapshot())).toEqual({
      field: 'sms_number',
      reason: 'failed',
    });
    expect(selectSmsDraft(actor.getSnapshot())).toBe('503-555-0142');
  });

  it('without a save provided by the container, a change fails and the failure is logged', async () => {
    const logged: unknown[] = [];
    const actor = createActor(
      contactPreferencesMachine.provide({
        actions: { logFailure: (_, error) => logged.push(error) },
      }),
      { input: { sms: null, country: 'US' } },
    ).start();
    actor.send({ type: 'contact.toggle', field: 'contact_by_email', value: true });
    await waitFor(actor, (s) => !selectContactSaving(s));
    expect(selectContactProblem(actor.getSnapshot())).toEqual({
      field: 'contact_by_email',
      reason: 'failed',
    });
    expect(logged.map((e) => (e as Error).message)).toEqual(['save is provided by the container']);
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Preferences } from '../../contract/preferences.schema.js';
import {
  profilePhotoMachine,
  selectPhotoFailed,
  selectPhotoSaving,
} from '../../src/machines/profile-photo.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const saved: Preferences = {
  pk: 4,
  use_profile_photo: false,
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
const events = [
  { type: 'photo.set', use: false },
  { type: 'xstate.done.actor.save', output: saved },
  { type: 'xstate.error.actor.save', error: new Error('500') },
];

describe('profile photo machine', () => {
  const paths = shortestPaths(profilePhotoMachine, events);

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'is pending only while the choice saves, and says so only when the save failed: %s',
    (_title, { state, steps }) => {
      const last = steps.at(-1)?.event.type;
      expect(selectPhotoSaving(state)).toBe(last === 'photo.set');
      expect(selectPhotoFailed(state)).toBe(last === 'xstate.error.actor.save');
    },
  );

  it('the photo choice counts only once saved: the saved preferences are reported, once', async () => {
    const reported: Preferences[] = [];
    const asked: boolean[] = [];
    const actor = createActor(
      profilePhotoMachine.provide({
        actors: {
          save: fromPromise(async ({ input }) => {
            asked.push(input.use);
            return { ...saved, use_profile_photo: input.use };
          }),
        },
        actions: { reportSaved: (_, preferences) => reported.push(preferences) },
      }),
    ).start();
    actor.send({ type: 'photo.set', use: false });
    expect(reported).toEqual([]);
    await waitFor(actor, (s) => !selectPhotoSaving(s));
    expect(asked).toEqual([false]);
    expect(reported).toEqual([{ ...saved, use_profile_photo: false }]);
  });

  it('turning the photo on saves "use the photo", and turning it off saves "do not"', async () => {
    const asked: boolean[] = [];
    const actor = createActor(
      profilePhotoMachine.provide({
        actors: {
          save: fromPromise(async ({ input }) => {
            asked.push(input.use);
            return { ...saved, use_profile_photo: input.use };
          }),
        },
      }),
    ).start();
    actor.send({ type: 'photo.set', use: true });
    await waitFor(actor, (s) => !selectPhotoSaving(s));
    actor.send({ type: 'photo.set', use: false });
    await waitFor(actor, (s) => !selectPhotoSaving(s));
    expect(asked).toEqual([true, false]);
  });

  it('without a save provided by the container, the choice fails and the failure is logged', async () => {
    const logged: unknown[] = [];
    const actor = createActor(
      profilePhotoMachine.provide({
        actions: { logFailure: (_, error) => logged.push(error) },
      }),
    ).start();
    actor.send({ type: 'photo.set', use: true });
    await waitFor(actor, (s) => !selectPhotoSaving(s));
    expect(selectPhotoFailed(actor.getSnapshot())).toBe(true);
    expect(logged.map((e) => (e as Error).message)).toEqual(['save is provided by the container']);
  });
});

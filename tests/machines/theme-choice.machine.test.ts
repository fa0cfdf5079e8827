import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Preferences, Theme } from '../../contract/preferences.schema.js';
import {
  selectThemeChosen,
  selectThemeFailed,
  selectThemeSaved,
  selectThemeSaving,
  themeChoiceMachine,
} from '../../src/machines/theme-choice.machine.js';
import { student } from './fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

const saved: Preferences = { ...student.preferences, theme: 'dark' };
const events = [
  { type: 'theme.choose', theme: 'dark' },
  { type: 'theme.choose', theme: 'light' },
  { type: 'xstate.done.actor.save', output: saved },
  { type: 'xstate.error.actor.save', error: new Error('500') },
];

describe('theme choice machine', () => {
  const paths = shortestPaths(themeChoiceMachine, events);

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'is pending, with the last theme chosen shown, only while a choice saves; says "saved" only after the last choice saved and "failed" only after it failed: %s',
    (_title, { state, steps }) => {
      const last = steps.at(-1)?.event.type;
      const chosen = steps.map(({ event }) => event).findLast((e) => e.type === 'theme.choose');
      const saving = selectThemeSaving(state);
      expect(selectThemeChosen(state)).toBe(
        saving && chosen && 'theme' in chosen ? chosen.theme : null,
      );
      if (last === 'theme.choose') expect(saving).toBe(true);
      expect(selectThemeSaved(state)).toBe(!saving && last === 'xstate.done.actor.save');
      expect(selectThemeFailed(state)).toBe(!saving && last === 'xstate.error.actor.save');
    },
  );

  it('the theme counts only once saved: the chosen theme is saved and the saved preferences reported, once', async () => {
    const reported: Preferences[] = [];
    const asked: Theme[] = [];
    const actor = createActor(
      themeChoiceMachine.provide({
        actors: {
          save: fromPromise(async ({ input }) => {
            asked.push(input.theme);
            return { ...saved, theme: input.theme };
          }),
        },
        actions: { reportSaved: (_, preferences) => reported.push(preferences) },
      }),
    ).start();
    actor.send({ type: 'theme.choose', theme: 'light' });
    expect(reported).toEqual([]);
    await waitFor(actor, (s) => !selectThemeSaving(s));
    expect(asked).toEqual(['light']);
    expect(reported).toEqual([{ ...saved, theme: 'light' }]);
  });

  it('a choice made while one saves is saved after it, one save at a time, and only the last answer is reported', async () => {
    const reported: Theme[] = [];
    const asked: Theme[] = [];
    const answers: Record<string, (p: Preferences) => void> = {};
    const actor = createActor(
      themeChoiceMachine.provide({
        actors: {
          save: fromPromise<Preferences, { theme: Theme }>(({ input }) => {
            asked.push(input.theme);
            return new Promise((resolve) => (answers[input.theme] = resolve));
          }),
        },
        actions: { reportSaved: (_, preferences) => reported.push(preferences.theme) },
      }),
    ).start();
    actor.send({ type: 'theme.choose', theme: 'light' });
    actor.send({ type: 'theme.choose', theme: 'dark' });
    expect(selectThemeChosen(actor.getSnapshot())).toBe('dark');
    // The second save waits for the first: two at once could land on the server in either order.
    expect(asked).toEqual(['light']);
    answers.light?.({ ...saved, theme: 'light' });
    await waitFor(actor, () => asked.length === 2);
    expect(asked).toEqual(['light', 'dark']);
    expect(selectThemeSaving(actor.getSnapshot())).toBe(true);
    answers.dark?.({ ...saved, theme: 'dark' });
    await waitFor(actor, (s) => !selectThemeSaving(s));
    expect(reported).toEqual(['dark']);
    expect(selectThemeSaved(actor.getSnapshot())).toBe(true);
  });

  it('without a save provided by the container, the choice fails and the failure is logged', async () => {
    const logged: unknown[] = [];
    const actor = createActor(
      themeChoiceMachine.provide({ actions: { logFailure: (_, error) => logged.push(error) } }),
    ).start();
    actor.send({ type: 'theme.choose', theme: 'dark' });
    await waitFor(actor, (s) => !selectThemeSaving(s));
    expect(selectThemeFailed(actor.getSnapshot())).toBe(true);
    expect(selectThemeSaved(actor.getSnapshot())).toBe(false);
    expect(logged.map((e) => (e as Error).message)).toEqual(['save is provided by the container']);
  });
});

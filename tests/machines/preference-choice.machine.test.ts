import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Preferences } from '../../contract/preferences.schema.js';
import {
  selectChoiceChosen,
  selectChoiceFailed,
  selectChoiceSaved,
  selectChoiceSaving,
  themeChoiceMachine,
} from '../../src/machines/preference-choice.machine.js';
import { languageChoiceMachine } from '../../src/machines/language-choice.machine.js';
import type { PreferenceChoiceMachine } from '../../src/machines/preference-choice.machine.js';
import { student } from './fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

/**
 * The preference choice machine in each of its configurations, the colour theme and the language
 * (whose following of the browser's language until a choice is saved is language-choice's test),
 * with a value saved when the page opened (`kept`).
 * `saved(value)` is the server's answer to a save of `value`.
 */
function describeChoice<V extends string>(
  name: string,
  machine: PreferenceChoiceMachine<V>,
  [first, second]: [V, V],
  saved: (value: V) => Preferences,
  valueOf: (preferences: Preferences) => unknown,
  kept: V,
) {
  const opened = { input: { kept } };
  const events = [
    { type: 'choose', value: first },
    { type: 'choose', value: second },
    { type: 'xstate.done.actor.save', output: saved(first) },
    { type: 'xstate.error.actor.save', error: new Error('500') },
  ];

  describe(`${name} choice (the preference choice machine)`, () => {
    const paths = shortestPaths(machine, events, { kept });

    it.each(paths.map((p) => [pathTitle(p), p] as const))(
      `is pending, with the last ${name} chosen shown, only while a choice saves; says "saved" only after the last choice saved and "failed" only after it failed: %s`,
      (_title, { state, steps }) => {
        const last = steps.at(-1)?.event.type;
        const chosen = steps.map(({ event }) => event).findLast((e) => e.type === 'choose');
        const saving = selectChoiceSaving(state);
        expect(selectChoiceChosen(state)).toBe(
          saving && chosen && 'value' in chosen ? chosen.value : null,
        );
        if (last === 'choose') expect(saving).toBe(true);
        expect(selectChoiceSaved(state)).toBe(!saving && last === 'xstate.done.actor.save');
        expect(selectChoiceFailed(state)).toBe(!saving && last === 'xstate.error.actor.save');
      },
    );

    it(`the ${name} counts only once saved: the chosen value is saved and the saved preferences reported, once`, async () => {
      const reported: Preferences[] = [];
      const asked: V[] = [];
      const actor = createActor(
        machine.provide({
          actors: {
            save: fromPromise(async ({ input }) => {
              asked.push(input.value);
              return saved(input.value);
            }),
          },
          actions: { reportSaved: (_, preferences) => reported.push(preferences) },
        }),
        opened,
      ).start();
      actor.send({ type: 'choose', value: second });
      expect(reported).toEqual([]);
      await waitFor(actor, (s) => !selectChoiceSaving(s));
      expect(asked).toEqual([second]);
      expect(reported).toEqual([saved(second)]);
    });

    it('a choice made while one saves is saved after it, one save at a time, and only the last answer is reported', async () => {
      const reported: unknown[] = [];
      const asked: V[] = [];
      const answers: Record<string, (p: Preferences) => void> = {};
      const actor = createActor(
        machine.provide({
          actors: {
            save: fromPromise<Preferences, { value: V }>(({ input }) => {
              asked.push(input.value);
              return new Promise((resolve) => (answers[input.value] = resolve));
            }),
          },
          actions: { reportSaved: (_, preferences) => reported.push(valueOf(preferences)) },
        }),
        opened,
      ).start();
      actor.send({ type: 'choose', value: second });
      actor.send({ type: 'choose', value: first });
      expect(selectChoiceChosen(actor.getSnapshot())).toBe(first);
      // The second save waits for the first: two at once could land on the server in either order.
      expect(asked).toEqual([second]);
      answers[second]?.(saved(second));
      await waitFor(actor, () => asked.length === 2);
      expect(asked).toEqual([second, first]);
      expect(selectChoiceSaving(actor.getSnapshot())).toBe(true);
      answers[first]?.(saved(first));
      await waitFor(actor, (s) => !selectChoiceSaving(s));
      expect(reported).toEqual([first]);
      expect(selectChoiceSaved(actor.getSnapshot())).toBe(true);
    });

    it('without a save provided by the container, the choice fails and the failure is logged', async () => {
      const logged: unknown[] = [];
      const actor = createActor(
        machine.provide({ actions: { logFailure: (_, error) => logged.push(error) } }),
        opened,
      ).start();
      actor.send({ type: 'choose', value: first });
      await waitFor(actor, (s) => !selectChoiceSaving(s));
      expect(selectChoiceFailed(actor.getSnapshot())).toBe(true);
      expect(selectChoiceSaved(actor.getSnapshot())).toBe(false);
      expect(logged.map((e) => (e as Error).message)).toEqual([
        'save is provided by the container',
      ]);
    });
  });
}

describeChoice(
  'theme',
  themeChoiceMachine,
  ['dark', 'light'],
  (theme) => ({ ...student.preferences, theme }),
  (preferences) => preferences.theme,
  'system',
);

describeChoice(
  'language',
  languageChoiceMachine,
  ['es', 'en'],
  (language) => ({ ...student.preferences, language }),
  (preferences) => preferences.language,
  'en',
);

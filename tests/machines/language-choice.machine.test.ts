import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Language } from '../../contract/language.schema.js';
import type { Preferences } from '../../contract/preferences.schema.js';
import {
  selectLanguageChosen,
  selectLanguageFailed,
  selectLanguageSaved,
  selectLanguageSaving,
  languageChoiceMachine,
} from '../../src/machines/language-choice.machine.js';
import { student } from './fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

const saved: Preferences = { ...student.preferences, language: 'es' };
const events = [
  { type: 'language.choose', language: 'es' },
  { type: 'language.choose', language: 'en' },
  { type: 'xstate.done.actor.save', output: saved },
  { type: 'xstate.error.actor.save', error: new Error('500') },
];

describe('language choice machine', () => {
  const paths = shortestPaths(languageChoiceMachine, events);

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'is pending, with the last language chosen shown, only while a choice saves; says "saved" only after the last choice saved and "failed" only after it failed: %s',
    (_title, { state, steps }) => {
      const last = steps.at(-1)?.event.type;
      const chosen = steps.map(({ event }) => event).findLast((e) => e.type === 'language.choose');
      const saving = selectLanguageSaving(state);
      expect(selectLanguageChosen(state)).toBe(
        saving && chosen && 'language' in chosen ? chosen.language : null,
      );
      if (last === 'language.choose') expect(saving).toBe(true);
      expect(selectLanguageSaved(state)).toBe(!saving && last === 'xstate.done.actor.save');
      expect(selectLanguageFailed(state)).toBe(!saving && last === 'xstate.error.actor.save');
    },
  );

  it('the language counts only once saved: the chosen language is saved and the saved preferences reported, once', async () => {
    const reported: Preferences[] = [];
    const asked: Language[] = [];
    const actor = createActor(
      languageChoiceMachine.provide({
        actors: {
          save: fromPromise(async ({ input }) => {
            asked.push(input.language);
            return { ...saved, language: input.language };
          }),
        },
        actions: { reportSaved: (_, preferences) => reported.push(preferences) },
      }),
    ).start();
    actor.send({ type: 'language.choose', language: 'en' });
    expect(reported).toEqual([]);
    await waitFor(actor, (s) => !selectLanguageSaving(s));
    expect(asked).toEqual(['en']);
    expect(reported).toEqual([{ ...saved, language: 'en' }]);
  });

  it('a choice made while one saves is saved after it, one save at a time, and only the last answer is reported', async () => {
    const reported: (Language | null)[] = [];
    const asked: Language[] = [];
    const answers: Record<string, (p: Preferences) => void> = {};
    const actor = createActor(
      languageChoiceMachine.provide({
        actors: {
          save: fromPromise<Preferences, { language: Language }>(({ input }) => {
            asked.push(input.language);
            return new Promise((resolve) => (answers[input.language] = resolve));
          }),
        },
        actions: { reportSaved: (_, preferences) => reported.push(preferences.language) },
      }),
    ).start();
    actor.send({ type: 'language.choose', language: 'en' });
    actor.send({ type: 'language.choose', language: 'es' });
    expect(selectLanguageChosen(actor.getSnapshot())).toBe('es');
    // The second save waits for the first: two at once could land on the server in either order.
    expect(asked).toEqual(['en']);
    answers.en?.({ ...saved, language: 'en' });
    await waitFor(actor, () => asked.length === 2);
    expect(asked).toEqual(['en', 'es']);
    expect(selectLanguageSaving(actor.getSnapshot())).toBe(true);
    answers.es?.({ ...saved, language: 'es' });
    await waitFor(actor, (s) => !selectLanguageSaving(s));
    expect(reported).toEqual(['es']);
    expect(selectLanguageSaved(actor.getSnapshot())).toBe(true);
  });

  it('without a save provided by the container, the choice fails and the failure is logged', async () => {
    const logged: unknown[] = [];
    const actor = createActor(
      languageChoiceMachine.provide({ actions: { logFailure: (_, error) => logged.push(error) } }),
    ).start();
    actor.send({ type: 'language.choose', language: 'es' });
    await waitFor(actor, (s) => !selectLanguageSaving(s));
    expect(selectLanguageFailed(actor.getSnapshot())).toBe(true);
    expect(selectLanguageSaved(actor.getSnapshot())).toBe(false);
    expect(logged.map((e) => (e as Error).message)).toEqual(['save is provided by the container']);
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Language } from '../../contract/language.schema.js';
import type { Preferences } from '../../contract/preferences.schema.js';
import { languageChoiceMachine } from '../../src/machines/language-choice.machine.js';
import {
  selectChoiceFailed as selectLanguageFailed,
  selectChoiceFollowing as selectFollowingBrowser,
  selectChoiceSaved as selectLanguageSaved,
  selectChoiceSaving as selectLanguageSaving,
  selectChoiceShown as selectLanguageShown,
} from '../../src/machines/preference-choice.machine.js';
import { student } from './fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

const saved: Preferences = { ...student.preferences, language: 'es' };
const events = [
  { type: 'choose', value: 'es' },
  { type: 'choose', value: 'en' },
  { type: 'xstate.done.actor.save', output: saved },
  { type: 'xstate.error.actor.save', error: new Error('500') },
];

describe('language choice machine (the preference choice machine configured for the language)', () => {
  describe('issue 76: with nothing saved, the person follows their browser’s language until they save one', () => {
    const following = shortestPaths(languageChoiceMachine, events, { kept: null });

    it.each(following.map((p) => [pathTitle(p), p] as const))(
      'Account shows "Following your browser" and no language as chosen until a choice is saved, and again after a first save failed: %s',
      (_title, { state, steps }) => {
        const answers = steps.map(({ event }) => event.type);
        const savedOnce = answers.includes('xstate.done.actor.save');
        const saving = selectLanguageSaving(state);
        expect(selectFollowingBrowser(state)).toBe(!savedOnce && !saving);
        if (selectFollowingBrowser(state)) expect(selectLanguageShown(state)).toBeNull();
        else expect(selectLanguageShown(state)).not.toBeNull();
        expect(selectLanguageSaved(state)).toBe(
          !saving && answers.at(-1) === 'xstate.done.actor.save',
        );
        expect(selectLanguageFailed(state)).toBe(
          !saving && answers.at(-1) === 'xstate.error.actor.save',
        );
      },
    );

    it('saving is one step: one choice saves it and the person no longer follows the browser', async () => {
      const asked: Language[] = [];
      const actor = createActor(
        languageChoiceMachine.provide({
          actors: {
            save: fromPromise(async ({ input }) => {
              asked.push(input.value);
              return { ...saved, language: input.value };
            }),
          },
        }),
        { input: { kept: null } },
      ).start();
      expect(selectFollowingBrowser(actor.getSnapshot())).toBe(true);
      expect(selectLanguageShown(actor.getSnapshot())).toBeNull();
      actor.send({ type: 'choose', value: 'es' });
      await waitFor(actor, (s) => !selectLanguageSaving(s));
      expect(asked).toEqual(['es']);
      expect(selectFollowingBrowser(actor.getSnapshot())).toBe(false);
      expect(selectLanguageShown(actor.getSnapshot())).toBe('es');
    });
  });
});

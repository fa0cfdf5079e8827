/**
 * The Language setting on the Account page (issue 59: English or Español, kept in the person's
 * preferences): the preference choice machine (preference-choice.machine.ts) configured for the
 * language. Issue 76: a person who never saved a language is `following` their browser's (the page
 * says so, no language shown as chosen) until a choice is saved, in one step; a failed first save
 * leaves them following it still.
 */
import type { Language } from '../../contract/language.schema.js';
import { preferenceChoice } from './preference-choice.machine.js';

export const languageChoiceMachine = preferenceChoice<Language>({
  id: 'languageChoice',
  fallback: 'en',
  followsUntilSaved: true,
});

import { stemmer as spanishStemmer } from '@orama/stemmers/spanish';
import type { Language } from '../../contract/language.schema.js';

/**
 * Words as search compares them in the reader's language (issue 76): accents and marks folded
 * ("matrícula" is "matricula", "año" is "ano"), and for Spanish reduced to their stem by the
 * Snowball Spanish stemmer (`@orama/stemmers`), so "estudios" meets "Estudios" and "estudiante",
 * "calificación" meets "calificaciones". English words are only folded: the English index stems them
 * itself (FTS5's Porter tokenizer, PostgreSQL's `english` configuration).
 */

/** A word lower-cased with its accents and marks taken off. */
export const foldWord = (word: string): string =>
  word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** The Spanish stem of a word, folded; the folded word itself when the stemmer leaves nothing. */
export function spanishStem(word: string): string {
  const folded = foldWord(word);
  const stem = foldWord(spanishStemmer(folded));
  return stem === '' ? folded : stem;
}

/** The form a word is compared in, in `language`: Spanish stem, or the folded English word. */
export const searchForm = (word: string, language: Language): string =>
  language === 'es' ? spanishStem(word) : foldWord(word);

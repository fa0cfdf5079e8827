import { setupI18n, type I18n } from '@lingui/core';
import { languageSchema, type Language } from '../../contract/language.schema.js';
import { messages as en } from '../../locales/en/server.js';
import { messages as es } from '../../locales/es/server.js';

/**
 * The server's messages (issue 59): emails, texts, pushes, its pages and the calendar feed, one
 * catalogue per language compiled by `npm run i18n:compile` (locales/<language>/server.ts, from the
 * PO files). Each message is written in the code as `i18n._({ id, message }, values)`, English in
 * `message`, where `lingui extract` finds it; the server has no macro compiler (tsc builds it).
 */
const catalogues: Record<Language, I18n> = {
  en: setupI18n({ locale: 'en', messages: { en } }),
  es: setupI18n({ locale: 'es', messages: { es } }),
};

/** The catalogue a person reads: their language's. */
export const translator = (language: Language): I18n => catalogues[language];

/** A stored language (preferences.language) as a catalogue's code: English when none was chosen. */
export const storedLanguage = (stored: string | null | undefined): Language =>
  languageSchema.catch('en').parse(stored ?? 'en');

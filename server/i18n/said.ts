import type { MessageDescriptor } from '@lingui/core';
import type { Language } from '../../contract/language.schema.js';
import { translator } from './catalogue.js';

/**
 * A sentence the server says to a person, kept as the catalogue's message until it is answered in
 * the reader's language (issue 76): the code that refuses something names it once, with `/*i18n*\/`
 * before the object so `lingui extract` finds it, and the route says it in the reader's language.
 */
export type Said = MessageDescriptor & { id: string; message: string };

/** The sentence in `language`. */
export const sayIn = (said: Said, language: Language): string => translator(language)._(said);

/** The sentence in English: an error's `message`, for logs and tests. */
export const english = (said: Said): string => sayIn(said, 'en');

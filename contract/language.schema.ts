import { z } from 'zod';

/**
 * The languages a person may choose (issue 59), each a code of the message catalogue
 * (lingui.config.ts). A campus adds one here and in the catalogue's `locales` (docs/translating.md).
 */
export const LANGUAGES = ['en', 'es'] as const;
export const languageSchema = /* @__PURE__ */ z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

/** Each language's name in its own language, as the Language setting lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** The BCP 47 tag dates, numbers and money are formatted with: Spanish as a US campus writes it. */
export const FORMAT_LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };

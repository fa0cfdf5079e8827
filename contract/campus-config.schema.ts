import { z } from 'zod';
import {
  campusSchema,
  EVENT_SITES,
  linkSchema,
  safetySchema,
  SCHOOL_TOOLS,
  SUPPORT_AND_HELP,
} from './campus.schema.js';
import type { Campus } from './campus.schema.js';
import type { Language } from './language.schema.js';

/**
 * A text of the campus configuration a person reads (issue 59): one string for every language, or
 * one per language, English required: `{ "en": "Campus Portal", "es": "Portal del Campus" }`. A
 * language without its own version reads the English.
 */
const localized = (text: z.ZodString) =>
  z.union([text, z.strictObject({ en: text, es: text.optional() })]);
const localizedTextSchema = localized(z.string().min(1));
type LocalizedText = z.infer<typeof localizedTextSchema>;

const localizedLinkSchema = linkSchema.extend({ label: localizedTextSchema });
const localizedLinks = (fallback: z.input<typeof localizedLinkSchema>[]) =>
  z.array(localizedLinkSchema).default(fallback);

/**
 * The `CAMPUS_CONFIG` file as the server reads it: the campus configuration (contract/
 * campus.schema.ts) whose texts a person reads may each be given per language: the portal's and
 * the university's names, the footer's tool and help links, the event sites and the safety menu's
 * number label. The browser gets one language's version (`campusIn`).
 */
export const campusConfigSchema = campusSchema.extend({
  productName: localizedTextSchema.default('Campus Portal'),
  universityName: localizedTextSchema.default('Campus University'),
  schoolTools: localizedLinks(SCHOOL_TOOLS),
  supportAndHelp: localizedLinks(SUPPORT_AND_HELP),
  eventSites: localizedLinks(EVENT_SITES),
  safety: safetySchema
    .extend({ phoneLabel: localized(z.string().min(1).max(40)).optional() })
    .prefault({}),
  /**
   * Issue 76: the campus's Spanish names for values the records write in English, by the English:
   * `{ "Computer Science": { "es": "Ciencias de la Computación" } }` (contract/campus.schema.ts).
   */
  recordNames: z
    .record(z.string().min(1), z.strictObject({ es: z.string().min(1).optional() }))
    .default({}),
});
export type CampusConfig = z.infer<typeof campusConfigSchema>;

/** A text in `language`: its own version, else the English. */
const textIn = (text: LocalizedText, language: Language): string =>
  typeof text === 'string' ? text : (text[language] ?? text.en);

/** The campus's names for the records' values in `language` (none in English: the records' own). */
function namesIn(names: CampusConfig['recordNames'], language: Language): Record<string, string> {
  if (language === 'en') return {};
  return Object.fromEntries(
    Object.entries(names).flatMap(([value, own]) =>
      own[language] ? [[value, own[language]]] : [],
    ),
  );
}

/** The campus configuration as a reader of `language` gets it: each text in their version. */
export function campusIn(config: CampusConfig, language: Language): Campus {
  const names = namesIn(config.recordNames, language);
  // A label the campus gave only in English reads as its record name in the reader's language
  // when the campus gave one (a tool's), else in English, marked so for a reader of another.
  const label = (text: LocalizedText): { label: string; lang?: 'en' } => {
    if (language === 'en' || (typeof text !== 'string' && text[language] !== undefined))
      return { label: textIn(text, language) };
    const english = textIn(text, 'en');
    const own = Object.hasOwn(names, english) ? names[english] : undefined;
    return own === undefined ? { label: english, lang: 'en' } : { label: own };
  };
  const links = (list: z.infer<typeof localizedLinkSchema>[]) =>
    list.map((link) => ({ ...link, ...label(link.label) }));
  const { phoneLabel, ...safety } = config.safety;
  return {
    ...config,
    productName: textIn(config.productName, language),
    universityName: textIn(config.universityName, language),
    schoolTools: links(config.schoolTools),
    supportAndHelp: links(config.supportAndHelp),
    eventSites: links(config.eventSites),
    academics: { ...config.academics, employeeLinks: links(config.academics.employeeLinks) },
    recordNames: names,
    safety:
      phoneLabel === undefined ? safety : { ...safety, phoneLabel: textIn(phoneLabel, language) },
  };
}

import { languageSchema } from './language.schema.js';
import type { Language } from './language.schema.js';
import { translationsOf } from './translations.schema.js';

/** An item's text in one language, and the language it is in. */
export interface ItemText {
  title: string;
  body: string;
  /** Only when the item has a link text (a post's). */
  link_text?: string | null;
  lang: Language;
  /** The parts of a Spanish text that stay English (`englishPartsSchema`), when it has any. */
  english?: string[];
}

/**
 * The text a reader of `language` gets of an item: its Spanish title and body (and link text, when
 * given) for a Spanish reader when they exist, else the English it was written in (marked `en`, so
 * that a Spanish page says which part is English).
 */
export function itemText(
  item: { title: string; body: string; link_text?: string | null; translations: string | null },
  language: Language | null,
): ItemText {
  const es = language === 'es' ? translationsOf(item.translations).es : undefined;
  const own = item.link_text === undefined ? {} : { link_text: item.link_text };
  if (!es) return { title: item.title, body: item.body, ...own, lang: 'en' };
  return {
    title: es.title,
    body: es.body,
    ...(item.link_text === undefined ? {} : { link_text: es.link_text ?? item.link_text }),
    lang: 'es',
    ...(es.english?.length ? { english: es.english } : {}),
  };
}

/** Where an item came from, for `readerText`: a publisher's (issue 60) or the staff's own (issue 59). */
export interface ItemSource {
  translations: string | null;
  /** The reader's chosen language, as stored (null: never chosen). */
  readerLanguage: string | null;
  /** The staff's own item, not a publisher's. */
  staff?: true;
}

/**
 * A message's or task's title and body for its reader: the reader's chosen language, else
 * `browser` (Accept-Language); a publisher's item always says its language (`lang`), the staff's own
 * only to a Spanish reader (an English reader gets it as it was written: `undefined`).
 */
export function readerText(
  fields: { title: string; body: string },
  source: ItemSource | null | undefined,
  browser: Language,
): ItemText | undefined {
  if (!source) return undefined;
  const language = languageSchema.nullable().catch(null).parse(source.readerLanguage) ?? browser;
  if (source.staff === true && language !== 'es') return undefined;
  return itemText({ ...fields, translations: source.translations }, language);
}

/** A piece of a text, and whether it is one of the text's English parts. */
export interface TextSegment {
  text: string;
  english?: true;
}

/**
 * A text cut at its English parts (issue 87, WCAG 3.1.2: a hold's name the campus gives no Spanish
 * for, inside a Spanish change message), for a page or an email to mark each `lang="en"`. One
 * segment, the whole text, when there are none; the longest part first where two overlap.
 */
export function englishSegments(
  text: string,
  english: readonly string[] | undefined,
): TextSegment[] {
  const parts = [...new Set(english ?? [])]
    .filter((p) => p !== '')
    .sort((a, b) => b.length - a.length);
  const out: TextSegment[] = [];
  let from = 0;
  while (parts.length > 0 && from < text.length) {
    let at = -1;
    let found = '';
    for (const part of parts) {
      const i = text.indexOf(part, from);
      if (i !== -1 && (at === -1 || i < at)) [at, found] = [i, part];
    }
    if (at === -1) break;
    if (at > from) out.push({ text: text.slice(from, at) });
    out.push({ text: found, english: true });
    from = at + found.length;
  }
  if (from < text.length || out.length === 0) out.push({ text: text.slice(from) });
  return out;
}

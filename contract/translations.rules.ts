import type { Language } from './language.schema.js';
import { translationsOf } from './translations.schema.js';

/** An item's text in one language, and the language it is in. */
export interface ItemText {
  title: string;
  body: string;
  /** Only when the item has a link text (a post's). */
  link_text?: string | null;
  lang: Language;
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
  };
}

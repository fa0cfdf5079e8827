import { z } from 'zod';
import type { Language } from './language.schema.js';

/** An item's text in one language, and the language it is in. */
export interface ItemText {
  title: string;
  body: string;
  lang: Language;
}

const translationsSchema = z
  .object({ es: z.object({ title: z.string().min(1), body: z.string() }).optional() })
  .catch({});

/** An inbound item's stored `translations` (JSON text), read defensively: unreadable text is none. */
export function translationsOf(text: string | null): z.infer<typeof translationsSchema> {
  try {
    return translationsSchema.parse(JSON.parse(text ?? '{}'));
  } catch {
    return {};
  }
}

/**
 * Issue 60: the text a reader of `language` gets of a publisher's item: its Spanish title and body
 * for a Spanish reader when the publisher gave them, else the English it was posted in (marked `en`,
 * so that a Spanish page says which part is English).
 */
export function itemText(
  item: { title: string; body: string; translations: string | null },
  language: Language | null,
): ItemText {
  const es = language === 'es' ? translationsOf(item.translations).es : undefined;
  return es
    ? { title: es.title, body: es.body, lang: 'es' }
    : { title: item.title, body: item.body, lang: 'en' };
}

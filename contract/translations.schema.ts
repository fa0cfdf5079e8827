import { z } from 'zod';

/**
 * The parts of a Spanish text that stay English (issue 87, WCAG 3.1.2): a record's name the campus
 * gives no Spanish name for, quoted in a change's message ("Se agregó una retención: Library Hold").
 * The page marks each `lang="en"` where it appears.
 */
export const englishPartsSchema = /* @__PURE__ */ z.array(z.string().min(1).max(200)).max(50);

/**
 * Issues 59 and 60: an item's other-language versions, stored with it as JSON text
 * (`{ "es": { "title", "body", "link_text"? } }`): a publisher's item (the inbound API's
 * `translations`) and the staff's own posts, messages and Next Steps tasks (the admin's Spanish
 * fields) alike. One reader of them, `itemText`.
 */
export const storedTranslationsSchema = /* @__PURE__ */ z
  .object({
    es: z
      .object({
        title: z.string().min(1),
        body: z.string(),
        link_text: z.string().optional(),
        english: englishPartsSchema.optional(),
      })
      .optional(),
  })
  .catch({});
export type StoredTranslations = z.infer<typeof storedTranslationsSchema>;

/** Stored `translations` (JSON text), read defensively: unreadable text is none. */
export function translationsOf(text: string | null | undefined): StoredTranslations {
  try {
    return storedTranslationsSchema.parse(JSON.parse(text ?? '{}'));
  } catch {
    return {};
  }
}

/** The admin's Spanish fields as stored: `{}` when no Spanish title was given. */
export function storedTranslations(es: {
  title_es: string | null;
  body_es: string | null;
  link_text_es?: string | null;
}): string {
  if (!es.title_es) return '{}';
  return JSON.stringify({
    es: {
      title: es.title_es,
      body: es.body_es ?? '',
      ...(es.link_text_es ? { link_text: es.link_text_es } : {}),
    },
  });
}

/** A stored item's Spanish as the admin's form fields show it again. */
export function translationFields(text: string | null | undefined): {
  title_es: string | null;
  body_es: string | null;
  link_text_es: string | null;
} {
  const es = translationsOf(text).es;
  return {
    title_es: es?.title ?? null,
    body_es: es?.body ?? null,
    link_text_es: es?.link_text ?? null,
  };
}

import type { z } from 'zod';
import { adminTextSchema } from './admin.schema.js';

/**
 * Issue 59: the Spanish version of a post, message or Next Steps task, typed in the admin beside
 * the English one. All optional; a Spanish body or link text needs a Spanish title (the title is what
 * says a Spanish version exists). Stored with the item as `translations` (translations.rules.ts).
 */
export const spanishFields = (bodyMax: number) => ({
  title_es: adminTextSchema()
    .trim()
    .max(200, 'Keep the Spanish title under 200 characters.')
    .nullable()
    .default(null),
  body_es: adminTextSchema()
    .trim()
    .max(bodyMax, `Keep the Spanish text under ${bodyMax.toLocaleString('en-US')} characters.`)
    .nullable()
    .default(null),
});

/** A post's Spanish link text, with its title and body. */
export const spanishLinkText = {
  link_text_es: adminTextSchema()
    .trim()
    .max(200, 'Keep the Spanish link text under 200 characters.')
    .nullable()
    .default(null),
};

/** The refinement every form with Spanish fields applies: no Spanish text without its title. */
export function needsSpanishTitle(
  input: { title_es: string | null; body_es: string | null; link_text_es?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (!input.title_es && (input.body_es || input.link_text_es))
    ctx.addIssue({
      code: 'custom',
      path: ['title_es'],
      message: 'Give the Spanish title too, or leave every Spanish field empty.',
    });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Post, StoredPost } from '../../contract/content.schema.js';
import type { Language } from '../../contract/language.schema.js';
import { itemText } from '../../contract/translations.rules.js';
import { requestLanguage } from '../i18n/request-language.js';

/** The language a signed-in reader reads: the one they chose, else their browser's (issue 59). */
export async function readerLanguage(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<Language> {
  return (
    (await app.repositories.preferences.languageOf(request.subject.id)) ?? requestLanguage(request)
  );
}

/**
 * A post as a reader of `language` gets it (issue 59): for Spanish, the staff's Spanish title, body
 * and link text where they wrote them (`lang: 'es'`), else the English marked `lang: 'en'`; for
 * English, as written. The stored Spanish never leaves the server otherwise.
 */
export function inLanguage(post: StoredPost, language: Language): Post {
  const { translations = null, ...own } = post;
  if (language !== 'es') return own;
  const text = itemText({ ...own, translations }, language);
  return {
    ...own,
    title: text.title,
    body: text.body,
    link_text: text.link_text ?? null,
    lang: text.lang,
  };
}

import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { useEffect, useState } from 'react';
import type { Language } from '../../contract/language.schema.js';

/** Each language's catalogue, as compiled (English's words are in the code: src/lib/i18n.ts). */
const CATALOGUES: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => Promise.resolve({ messages: {} }),
  es: () => import('../../locales/es/messages.po'),
};

/** One instance per language, made once: the bar and every read-only note share it. */
const made = new Map<Language, I18n>([['en', setupI18n({ locale: 'en', messages: { en: {} } })]]);

/** The instance for `language` if it is at hand now (English's always is). */
const atHand = (language: Language): I18n | null => made.get(language) ?? null;

/** Loads `language`'s instance, so it is at hand for the next render (a drawn page's bar). */
export async function readyViewerI18n(language: Language): Promise<void> {
  if (atHand(language)) return;
  const { messages } = await CATALOGUES[language]().catch(() => ({ messages: {} }));
  if (!atHand(language))
    made.set(language, setupI18n({ locale: language, messages: { [language]: messages } }));
}

/**
 * Issue 73, 87: an i18n instance in the viewer's language (support viewing as the student), apart
 * from the page's, which is the student's: what the view-as bar and the read-only notes say is the
 * viewer's. Null while their catalogue loads; English when it cannot.
 */
export function useViewerI18n(language: Language): I18n | null {
  const [loaded, setLoaded] = useState<I18n | null>(null);
  const now = atHand(language);
  useEffect(() => {
    if (atHand(language)) return;
    let live = true;
    void readyViewerI18n(language).then(() => {
      if (live) setLoaded(atHand(language));
    });
    return () => {
      live = false;
    };
  }, [language]);
  return now ?? (loaded?.locale === language ? loaded : null);
}

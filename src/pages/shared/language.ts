import { languageFromPreferred, languageOfCookies } from '../../../contract/language.rules.js';
import type { Language } from '../../../contract/language.schema.js';
import { activateLocale, type AppLocale } from '../../lib/i18n.js';

/** The browser's languages, most preferred first (what it sends as Accept-Language). */
export const browserLanguage = (): Language =>
  languageFromPreferred(typeof navigator === 'undefined' ? [] : navigator.languages);

/** The language the reader chose, kept in the language cookie (contract/language.rules.ts). */
const keptLanguage = (): Language | undefined =>
  typeof document === 'undefined' ? undefined : languageOfCookies(document.cookie);

/**
 * The locale a page starts in: the reader's choice the language cookie keeps (issue 87: the error
 * screens met before anyone is known are in it), else the browser's language; or the pseudo-locale
 * in development when the address asks for it (`?locale=en-XA`, to find untranslated text and
 * truncation).
 */
export function startLocale(): AppLocale {
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).get('locale') === 'en-XA')
    return 'en-XA';
  return keptLanguage() ?? browserLanguage();
}

interface Subscribable<S> {
  getSnapshot(): S;
  subscribe(observer: (snapshot: S) => void): unknown;
}

/**
 * Keeps the page in the signed-in person's language (issue 59): their choice when they made one
 * (`undefined` while no one is known, `null` when they never chose: the browser's language),
 * applied at once when it changes, without a reload.
 */
export function followLanguage<S>(
  actor: Subscribable<S>,
  languageOf: (snapshot: S) => Language | null | undefined,
  apply: (locale: AppLocale) => Promise<void> = activateLocale,
): void {
  let shown: Language | undefined;
  const show = (snapshot: S) => {
    const choice = languageOf(snapshot);
    if (choice === undefined) return;
    const language = choice ?? browserLanguage();
    if (language === shown) return;
    shown = language;
    void apply(language);
  };
  show(actor.getSnapshot());
  actor.subscribe(show);
}

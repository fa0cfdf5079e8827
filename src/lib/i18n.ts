import { i18n, type Messages } from '@lingui/core';
import { FORMAT_LOCALES, type Language } from '../../contract/language.schema.js';
import { setFormatLocale } from './time.js';

/**
 * Which catalogue the apps read (issue 59). English needs none: each message's English is compiled
 * into the code that shows it (scripts/lingui-english-inline.ts), so a chunk carries only its own
 * messages and the first load only the frame's and the dashboard's. Another language's catalogue is
 * its own chunk, loaded when someone reads it; a message it lacks reads in English. The catalogues
 * are compiled at build time (@lingui/vite-plugin): no message parser reaches the browser. `en-XA`,
 * the pseudo-locale, only in development.
 */
export type AppLocale = Language | 'en-XA';

const loaders: Record<Exclude<AppLocale, 'en'>, () => Promise<{ messages: Messages }>> = {
  es: () => import('../../locales/es/messages.po'),
  'en-XA': () =>
    import.meta.env.DEV
      ? import('../../locales/en-XA/messages.po')
      : Promise.resolve({ messages: {} }),
};

i18n.load('en', {});
i18n.activate('en');

let wanted: AppLocale = 'en';
const loaded = new Set<AppLocale>(['en']);

/** Reads the page in `locale` at once when its catalogue is loaded; `<html lang>` follows. */
export async function activateLocale(locale: AppLocale): Promise<void> {
  wanted = locale;
  if (locale !== 'en' && !loaded.has(locale)) {
    const { messages } = await loaders[locale]();
    i18n.load(locale, messages);
    loaded.add(locale);
  }
  // A later choice made while this one loaded wins.
  if (wanted !== locale) return;
  setFormatLocale(locale === 'en-XA' ? 'en-US' : FORMAT_LOCALES[locale]);
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(locale);
}

/** The `lang` the page is marked with. */
export const htmlLang = (locale: AppLocale): string => (locale === 'en-XA' ? 'en-XA' : locale);

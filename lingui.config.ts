import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The message catalogue of both apps and the server (issue 59), in two PO files per language: the
 * apps' (`messages.po`) and the server's (`server.po`). English is the source, written in the code;
 * a campus adds a language with its PO files and its code in `locales` (docs/translating.md). en-XA
 * is the pseudo-locale (accented) for finding untranslated text in development.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'en-XA'],
  pseudoLocale: 'en-XA',
  fallbackLocales: { 'en-XA': 'en', default: 'en' },
  catalogs: [
    {
      // The two apps' messages: what the browser loads (English in the first load).
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      // The statecharts inspector is a developer's tool: English.
      exclude: ['**/node_modules/**', '<rootDir>/src/inspector'],
    },
    {
      // The server's: emails, texts, pushes, its pages and the calendar feed. Apart, so the browser
      // never loads them; the staff admin stays English (issue 59).
      path: '<rootDir>/locales/{locale}/server',
      include: ['<rootDir>/server', '<rootDir>/contract'],
      exclude: ['**/node_modules/**', '<rootDir>/server/admin', '<rootDir>/server/routes/admin'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  // The macros' React helpers work without a provider around every test's render (src/ui/i18n.tsx).
  runtimeConfigModule: {
    Trans: ['#i18n-react', 'Trans'],
    useLingui: ['#i18n-react', 'useLingui'],
  },
});

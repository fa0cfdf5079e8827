import { readFileSync } from 'node:fs';
import path from 'node:path';
import { minifySync } from 'vite';
import type { Plugin } from 'vite';

/** The built pages' link to the theme script (index.html, next-steps/index.html). */
const THEME_TAG = /<script src="\/theme\.js"><\/script>/;

/**
 * A page with `script` (public/theme.js, minified) inline where its link stood: a script the
 * browser must fetch before it paints held the first paint of a drawn page until it came (4.2 s
 * with the scripts 4 s late, issue 87). The server allows it by the hash of the very bytes the
 * built page carries (server/html/app-page.ts `builtScriptHashes`), never a copied hash.
 */
export function withInlineTheme(html: string, script: string): string {
  if (/<\/script|<!--/i.test(script)) throw new Error('The theme script would end its element');
  if (!THEME_TAG.test(html)) return html;
  return html.replace(THEME_TAG, () => `<script>${script}</script>`);
}

/** public/theme.js as the pages carry it: minified (a third of its size), comments left out. */
export function minifiedTheme(file: string): string {
  const out = minifySync(path.basename(file), readFileSync(file, 'utf8'), {});
  if (out.errors.length > 0)
    throw new Error(`theme.js: ${out.errors[0]?.message ?? 'not minified'}`);
  return out.code.trim();
}

/** Both apps' pages with the theme script inline (the file stays for the server's own pages). */
export const inlineTheme = (): Plugin => {
  let file = path.resolve(import.meta.dirname, '../public/theme.js');
  return {
    name: 'inline-theme',
    configResolved(config) {
      if (config.publicDir) file = path.join(config.publicDir, 'theme.js');
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => withInlineTheme(html, minifiedTheme(file)),
    },
  };
};

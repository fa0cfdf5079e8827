import path from 'node:path';
import type { Plugin } from 'vite';

/** A rule only the critical stylesheet holds: the skeleton's (src/ui/skeleton.css). */
const CRITICAL = /\.skeleton__page\b/;
const SHEET = / *<link rel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>\n?/g;

/**
 * A built page with its critical stylesheet (the one holding the skeleton's rules: the frame, the
 * sidebar, the theme's colours and the skeleton) inline in a `<style>` where its link stood, and its
 * other stylesheets at the end of the body: the skeleton paints without waiting for them, and the
 * module scripts, which run once the document is parsed, still wait for every stylesheet, so the app
 * never renders unstyled. The server allows the inline block by its hash (server/html/app-page.ts).
 * Unchanged when no stylesheet holds the skeleton's rules.
 */
export function withCriticalCss(html: string, cssOf: (href: string) => string | undefined): string {
  const sheets = [...html.matchAll(SHEET)].map(([tag, href = '']) => ({ tag, css: cssOf(href) }));
  const critical = sheets.find(({ css }) => css !== undefined && CRITICAL.test(css));
  if (!critical?.css) return html;
  if (/<\/style/i.test(critical.css)) throw new Error('The critical stylesheet closes its element');
  const rest = sheets.filter((sheet) => sheet !== critical);
  const indent = /^ */.exec(critical.tag)?.[0] ?? '';
  let page = html.replace(critical.tag, `${indent}<style>${critical.css.trim()}</style>\n`);
  for (const { tag } of rest) page = page.replace(tag, '');
  const later = rest.map(({ tag }) => `    ${tag.trim()}\n`).join('');
  return page.replace(/ *<\/body>/, (end) => `${later}${end}`);
}

/**
 * The portal's page (index.html) with its critical styles inline: on the phone profile the three
 * stylesheets in the head held the skeleton's first paint (bench/README.md). Next Steps' page keeps
 * its links: its header's styles are not in the critical stylesheet.
 */
export const criticalCss = (): Plugin => ({
  name: 'critical-css',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { filename, bundle }) {
      if (path.basename(path.dirname(filename)) === 'next-steps' || !bundle) return html;
      return withCriticalCss(html, (href) => {
        const asset = bundle[href.replace(/^\//, '')];
        if (asset?.type !== 'asset') return undefined;
        return typeof asset.source === 'string'
          ? asset.source
          : Buffer.from(asset.source).toString('utf8');
      });
    },
  },
});

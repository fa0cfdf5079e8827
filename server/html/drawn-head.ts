import { SCRIPTS_AFTER_PAINT_ID } from '../../contract/server-render.js';

// The head of a page the server drew (issue 75, html/server-render.ts `withServerRender`): its
// styles applied before its first paint, its scripts asked for after it.

/** A stylesheet the built page links (at the end of its body: the skeleton paints without it). */
const SHEET = / *<link rel="stylesheet"[^>]*>\n?/g;
/** A page's own stylesheet, preloaded with its code (html/page-preloads.ts). */
const PRELOADED_SHEET = /<link rel="preload" as="style" (crossorigin href="[^"]+")>/g;

/**
 * A drawn page's styles, applied before its first paint: the built page's stylesheets moved from
 * the end of its body into its head, and the page's own (Academics', preloaded with its code) as
 * stylesheets. The skeleton paints with the inline critical styles alone, but a drawn page painted
 * before the rest arrived was laid out again when they did: the two columns, the sidebar's account
 * entries, the alerts and Academics' cards moved (0.79 of layout shift at 1280 px on a busy machine).
 * The page's code finds its stylesheet applied and adds it no more (Vite's preload helper).
 */
export function withDrawnStyles(html: string): string {
  const sheets = html.match(SHEET) ?? [];
  const page = sheets
    .reduce((rest, sheet) => rest.replace(sheet, ''), html)
    .replace(PRELOADED_SHEET, '<link rel="stylesheet" $1>');
  const at = page.indexOf('</head>');
  if (at < 0 || sheets.length === 0) return page;
  const block = sheets.map((sheet) => `  ${sheet.trim()}\n  `).join('');
  return `${page.slice(0, at)}${block}${page.slice(at)}`;
}

/** The app's module scripts and their preloads (Vite's, and the page's own: html/page-preloads.ts). */
const SCRIPT = / *<(?:script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>\n?/g;

/**
 * A drawn page's scripts, asked for once it has painted (issue 75): held in a `<template>`, whose
 * content the browser neither fetches nor runs, from which public/theme.js adds them to the page
 * after its first frame. The page is readable before they run, and on a slow connection their
 * 170 kB no longer share it with the document's stylesheets: Lighthouse's simulated slow 4G put
 * the first paint at 2.1 s with them beside the styles, and at 1.2 s with them after.
 */
export function withScriptsAfterPaint(html: string): string {
  const scripts = html.match(SCRIPT) ?? [];
  const at = html.indexOf('</head>');
  if (at < 0 || scripts.length === 0) return html;
  const rest = scripts.reduce((page, script) => page.replace(script, ''), html);
  const held = scripts
    .map(
      (script) => `    ${script.trim()}
`,
    )
    .join('');
  const block = `  <template id="${SCRIPTS_AFTER_PAINT_ID}">\n${held}  </template>\n  `;
  const end = rest.indexOf('</head>');
  return `${rest.slice(0, end)}${block}${rest.slice(end)}`;
}

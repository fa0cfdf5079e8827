import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { siteSchema } from '../../contract/campus.schema.js';
import type { Site } from '../../contract/campus.schema.js';
import { FIRST_ANSWERS_ID } from '../../contract/first-answers.rules.js';
import { webAppHeadTags } from './web-app.js';

/**
 * The one text this module puts into HTML by hand: the product name, into the built index.html. That
 * page is Vite's output, patched in place (its inline styles are allowed by the hash of their exact
 * bytes), not a document the server renders, so it is not on the JSX renderer (html/render.ts).
 */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const CAMPUS_CONFIG_ID = 'campus-config';
/** The product name in the built pages' skeleton, replaced by the configured one. */
const PRODUCT_NAME = /(<[a-z]+\b[^>]*\bdata-product-name\b[^>]*>)Campus Portal(<)/g;

export type Encoding = 'br' | 'gzip' | 'identity';

/** One built app page, prepared once per process: its bytes in each encoding and their ETags. */
export interface AppPage {
  /** The page's text, configuration embedded: what a signed-in person's page adds its answers to. */
  html: string;
  bodies: Record<Encoding, Buffer>;
  etags: Record<Encoding, string>;
}

/**
 * JSON inside `<script type="application/json">`: a data block the browser never runs (so the CSP
 * is untouched), with `<` escaped so no value can close the element.
 */
export const jsonForHtml = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'));

/**
 * The built HTML with the campus configuration embedded, so the app needs no call before it: what
 * `GET /api/campus` answers (its schema leaves out what only the server reads).
 */
export function withSite(html: string, site: Site): string {
  const block = `<script type="application/json" id="${CAMPUS_CONFIG_ID}">${jsonForHtml(siteSchema.parse(site))}</script>`;
  return html
    .replace(
      PRODUCT_NAME,
      (_m, open: string, close: string) => `${open}${escapeHtml(site.campus.productName)}${close}`,
    )
    .replace('</head>', `  ${webAppHeadTags(site.campus)}\n    ${block}\n  </head>`);
}

/**
 * The built pages' preloads of the API's answers (index.html: the status and the user; Next Steps'
 * page: its user), by their address.
 */
const API_PRELOAD =
  /[ \t]*<link rel="preload" href="(\/(?:next-steps\/)?api\/[^"?]+)" as="fetch"[^>]*>\n?/g;

/**
 * The page with one person's first answers (html/first-answers.ts) in a data block of its own, before
 * the end of its head, after `links` (the page's own code, html/page-preloads.ts), and without the
 * preloads of the answers it carries, whose addresses are under `base` (the app would not take
 * them: a request for nothing). The block is JSON the browser never runs, escaped by `jsonForHtml`,
 * so a value cannot end the element, open a comment, or reach the page's markup.
 */
export function withFirstAnswers(
  html: string,
  answers: Record<string, unknown>,
  base: string = '/api/',
  links = '',
): string {
  const block = `<script type="application/json" id="${FIRST_ANSWERS_ID}">${jsonForHtml(answers)}</script>`;
  const page = html.replace(API_PRELOAD, (tag, href: string) =>
    href.startsWith(base) && href.slice(base.length) in answers ? '' : tag,
  );
  const at = page.indexOf('</head>');
  const head = links ? `  ${links}\n  ${block}\n  ` : `  ${block}\n  `;
  return at < 0 ? page : `${page.slice(0, at)}${head}${page.slice(at)}`;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * One person's page in the encoding asked for, compressed for this answer alone (off the main
 * thread, at a level that costs a few milliseconds, not the build's best).
 */
export async function encodedPage(html: string, encoding: Encoding): Promise<Buffer> {
  const identity = Buffer.from(html);
  if (encoding === 'br') {
    return brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  return encoding === 'gzip' ? gzipped(identity, { level: 6 }) : identity;
}

/** Reads a built page, embeds the site and compresses it in every encoding, once. */
export function prepareAppPage(file: string, site: Site): AppPage {
  const identity = Buffer.from(withSite(readFileSync(file, 'utf8'), site));
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  return {
    html: identity.toString('utf8'),
    bodies: { identity, gzip: gzipSync(identity, { level: 9 }), br: brotliCompressSync(identity) },
    etags: { identity: `"${hash}"`, gzip: `"${hash}-gz"`, br: `"${hash}-br"` },
  };
}

const sha256Source = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The CSP sources that allow a page's inline `<style>` blocks, each by the sha256 of its bytes (the
 * built portal page inlines its critical styles: scripts/critical-css.ts). Nothing else inline is
 * allowed: no `'unsafe-inline'`, and style attributes stay forbidden.
 */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css = '']) => sha256Source(css));
}

/**
 * The CSP sources that allow a page's inline scripts (a bare `<script>`, never a data block), each
 * by the sha256 of its bytes: the theme script the built pages carry in their head
 * (scripts/inline-theme.ts), so their first paint waits for no file (issue 87).
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, js = '']) => sha256Source(js));
}

/** The built app pages under `root` that exist (none before a build). */
const builtPages = (root: string) =>
  ['index.html', 'next-steps/index.html']
    .map((file) => path.join(root, file))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'utf8'));

/** The hashes of the inline styles of the built app pages under `root` (none before a build). */
export function builtStyleHashes(root: string): string[] {
  return [...new Set(builtPages(root).flatMap(inlineStyleHashes))];
}

/** The hashes of the inline scripts of the built app pages under `root` (none before a build). */
export function builtScriptHashes(root: string): string[] {
  return [...new Set(builtPages(root).flatMap(inlineScriptHashes))];
}

/** The best encoding the request accepts (brotli, then gzip); a `q=0` refuses one. */
export function encodingFor(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** Whether `If-None-Match` names this ETag (or `*`). */
export const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Site } from '../../contract/campus.schema.js';
import { webAppHeadTags } from './web-app.js';

/**
 * The one text this module puts into HTML by hand: the product name, into the built index.html. That
 * page is Vite's output, patched in place (its inline styles are allowed by the hash of their exact
 * bytes), not a document the server renders, so it is not on the JSX renderer (html/render.ts).
 */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const CAMPUS_CONFIG_ID = 'campus-config';
/** The product name in the built pages' skeleton, replaced by the configured one. */
const PRODUCT_NAME = /(<[a-z]+\b[^>]*\bdata-product-name\b[^>]*>)Campus Portal(<)/g;

export type Encoding = 'br' | 'gzip' | 'identity';

/** One built app page, prepared once per process: its bytes in each encoding and their ETags. */
export interface AppPage {
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

/** The built HTML with the campus configuration embedded, so the app needs no call before it. */
export function withSite(html: string, site: Site): string {
  const block = `<script type="application/json" id="${CAMPUS_CONFIG_ID}">${jsonForHtml(site)}</script>`;
  return html
    .replace(
      PRODUCT_NAME,
      (_m, open: string, close: string) => `${open}${escapeHtml(site.campus.productName)}${close}`,
    )
    .replace('</head>', `  ${webAppHeadTags(site.campus)}\n    ${block}\n  </head>`);
}

/** Reads a built page, embeds the site and compresses it in every encoding, once. */
export function prepareAppPage(file: string, site: Site): AppPage {
  const identity = Buffer.from(withSite(readFileSync(file, 'utf8'), site));
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  return {
    bodies: { identity, gzip: gzipSync(identity, { level: 9 }), br: brotliCompressSync(identity) },
    etags: { identity: `"${hash}"`, gzip: `"${hash}-gz"`, br: `"${hash}-br"` },
  };
}

/**
 * The CSP sources that allow a page's inline `<style>` blocks, each by the sha256 of its bytes (the
 * built portal page inlines its critical styles: scripts/critical-css.ts). Nothing else inline is
 * allowed: no `'unsafe-inline'`, and style attributes stay forbidden.
 */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css = '']) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`,
  );
}

/** The hashes of the inline styles of the built app pages under `root` (none before a build). */
export function builtStyleHashes(root: string): string[] {
  const hashes = ['index.html', 'next-steps/index.html']
    .map((file) => path.join(root, file))
    .filter((file) => existsSync(file))
    .flatMap((file) => inlineStyleHashes(readFileSync(file, 'utf8')));
  return [...new Set(hashes)];
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

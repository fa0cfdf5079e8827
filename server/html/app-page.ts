import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Site } from '../../contract/campus.schema.js';
import { escapeHtml } from './page.js';

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

/**
 * The app pages' one inline script. A page pays once for its first date or money formatter (the
 * browser loads its locale data), its first read of sessionStorage and its first read of
 * document.cookie (each a wait on the browser process): about 200 ms together at the phone
 * profile's 4× CPU slowdown, and the first screen used to wait for all three. This pays them while
 * the main thread is idle, waiting for the scripts; the apps' own formatters (src/lib/time.ts,
 * src/lib/money.ts), the router's scroll positions and the cookie reads then cost almost nothing.
 * The CSP allows it by its hash (`pageScriptHashes`), never by `unsafe-inline`.
 */
export function warmUpScript(timeZone: string): string {
  const steps = [
    `new Intl.DateTimeFormat('en-US',{timeZone:${jsonForHtml(timeZone)},month:'short',day:'numeric',year:'numeric',hour:'numeric',minute:'2-digit',hourCycle:'h12'}).formatToParts(0)`,
    `new Intl.NumberFormat('en-US',{style:'currency',currency:'USD'}).format(0)`,
    `sessionStorage.getItem('')`,
    `document.cookie`,
  ];
  // Each step alone: a browser that refuses one (storage disabled, an unknown zone) still does the rest.
  // After the first frame is painted (a frame waits for the stylesheets), so the skeleton shows first.
  return `requestAnimationFrame(function(){setTimeout(function(){${steps.map((step) => `try{${step}}catch(e){}`).join('')}},0)})`;
}

/** The CSP source of an inline script: its SHA-256 (CSP Level 2). */
export const scriptHash = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The hashes of the inline scripts the app pages carry for this campus, for the CSP's script-src. */
export const pageScriptHashes = (timeZone: string) => [scriptHash(warmUpScript(timeZone))];

/**
 * The built HTML with the campus configuration embedded, so the app needs no call before it, and
 * the warm-up script.
 */
export function withSite(html: string, site: Site): string {
  const block = `<script type="application/json" id="${CAMPUS_CONFIG_ID}">${jsonForHtml(site)}</script>`;
  const warmUp = `<script>${warmUpScript(site.campus.timeZone)}</script>`;
  return html
    .replace(
      PRODUCT_NAME,
      (_m, open: string, close: string) => `${open}${escapeHtml(site.campus.productName)}${close}`,
    )
    .replace('</head>', `  ${block}\n    ${warmUp}\n  </head>`);
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

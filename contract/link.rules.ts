import { z } from 'zod';

/** The longest link stored. */
export const LINK_MAX_LENGTH = 2000;

export const LINK_RULE = 'must be an http(s) address or a path of this site';

/**
 * Where paths are resolved: any origin would do, only "is it still this origin" is asked. `.invalid`
 * is reserved, so no real site shares it.
 */
const HERE = 'https://portal.invalid';

/**
 * Whitespace, control characters and backslashes: the URL parser drops tabs and newlines, trims
 * spaces and reads `\` as `/`, so `/\evil.example` or `/<tab>/evil.example` lead to another site.
 */
const rewritten = (raw: string) =>
  /[\s\\]/u.test(raw) ||
  [...raw].some((ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });

/**
 * A stored link (a message's action, a post's action and links) as the browser will follow it: a
 * path of this site (`/account#holds`), a place on the same page (`#modal:<slug>` opens a post
 * modal), or an absolute http(s) address without credentials, as the WHATWG URL parser normalises
 * it. Null for anything else: `//host`, `/\host`, `javascript:`, `data:`, a leading space, a
 * relative `account`. The server stores the normalised form and the browser renders only what
 * passes, so both apply the same rule.
 */
export function normaliseLink(raw: string): string | null {
  if (raw.length === 0 || raw.length > LINK_MAX_LENGTH || rewritten(raw)) return null;
  if (raw.startsWith('#')) return parse(raw, HERE)?.hash || null;
  if (raw.startsWith('/')) {
    if (raw.startsWith('//')) return null;
    const url = parse(raw, HERE);
    if (!url || url.origin !== HERE) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  }
  const url = parse(raw);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  return url.href;
}

export const isSafeLink = (raw: string): boolean => normaliseLink(raw) !== null;

function parse(raw: string, base?: string): URL | null {
  try {
    return new URL(raw, base);
  } catch {
    return null;
  }
}

/** A link an answer carries: already normalised by the server, checked again by the browser. */
export const linkSchema = /* @__PURE__ */ z
  .string()
  .max(LINK_MAX_LENGTH)
  .refine(isSafeLink, LINK_RULE);

/**
 * A link a request carries: checked, then stored normalised (`HTTPS://Example.edu` becomes
 * `https://example.edu/`, `/a/../b` becomes `/b`).
 */
export const linkInputSchema = (message: string = LINK_RULE) =>
  z
    .string()
    .max(LINK_MAX_LENGTH, message)
    .transform((raw, ctx) => {
      const link = normaliseLink(raw);
      if (link === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return link;
    });

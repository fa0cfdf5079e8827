/**
 * The code that renders content text: the sanitiser for posts' HTML and the auto-linker for messages
 * (linkify). The sanitiser is the browser's own (the HTML Sanitizer API, `setHTML`) where it has one,
 * configured from the same allow-list. Elsewhere a body already within the allow-list, as the server
 * stores every body, renders as parsed (within-policy.ts), and any other body goes through DOMPurify
 * (src/lib/html.ts), its own chunk, loaded only when a read of posts brings such a body: every read
 * of posts (pages, posts, the modal post) waits for what its bodies need, so posts on screen always
 * have it; before it (never, for posts that came through those reads) such a body renders as
 * nothing, the safe side. The auto-linker loads only when a message read brings an address
 * to link, without holding the read up: a message shows as plain text, and its addresses become
 * links in place when the auto-linker arrives (the same text, so nothing moves).
 */
import { useMemo, useSyncExternalStore } from 'react';
import type Linkify from 'linkify-react';
import { HTML_POLICY, passesUrlRule } from '../../contract/html-policy.js';
import { withinPolicy } from './within-policy.js';

/** The HTML Sanitizer API's configuration, as far as the portal uses it. */
interface SanitizerConfig {
  elements: string[];
  attributes: string[];
  comments: boolean;
  dataAttributes: boolean;
}
type SanitizingElement = Element & {
  setHTML(html: string, options: { sanitizer: SanitizerConfig }): void;
};

const canSetHtml = (element: Element): element is SanitizingElement =>
  'setHTML' in element && typeof element.setHTML === 'function';

/**
 * The browser's sanitiser with the shared allow-list (contract/html-policy.ts), where the browser
 * implements the current HTML Sanitizer API (`Document.parseHTML` marks it; an earlier draft had
 * `setHTML` with another configuration). It parses into a document without a window, so nothing
 * loads or runs there; `setHTML` always drops script and handlers, the allow-list does the rest,
 * and the policy's URL rule is applied to what remains. Elements outside the list go with their
 * content (DOMPurify keeps the text): the server stored only listed elements, so only a tampered
 * body differs, and it shows less.
 */
function platformSanitizer(): ((html: string) => string) | null {
  if (typeof document === 'undefined' || !('parseHTML' in Document)) return null;
  const body = document.implementation.createHTMLDocument('').body;
  if (!canSetHtml(body)) return null;
  const sanitizer: SanitizerConfig = {
    elements: HTML_POLICY.ALLOWED_TAGS,
    attributes: HTML_POLICY.ALLOWED_ATTR,
    comments: false,
    dataAttributes: HTML_POLICY.ALLOW_DATA_ATTR,
  };
  return (html) => {
    body.setHTML(html, { sanitizer });
    for (const element of body.querySelectorAll('[href], [src]')) {
      for (const { name, value } of [...element.attributes]) {
        if (!passesUrlRule(name, value)) element.removeAttribute(name);
      }
    }
    return body.innerHTML;
  };
}

const platform = platformSanitizer();
let purify: ((html: string) => string) | null = null;
let linkify: typeof Linkify | null = null;

/** Bodies checked against the allow-list lately, with what renders (null: DOMPurify's to sanitise). */
const checked = new Map<string, string | null>();
const CHECKED_LIMIT = 200;

function checkedBody(html: string): string | null {
  if (checked.has(html)) return checked.get(html) ?? null;
  if (checked.size >= CHECKED_LIMIT) checked.clear();
  const within = withinPolicy(html);
  checked.set(html, within);
  return within;
}

/** Loads a chunk once; a failed load (a chunk that did not arrive) is tried again next time. */
function once(load: () => Promise<void>): () => Promise<void> {
  let loading: Promise<void> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

/** DOMPurify, for bodies outside the allow-list in a browser without its own sanitiser. */
export const loadSanitizer = once(async () => {
  purify ??= (await import('./html.js')).sanitizeHtml;
});

const linkifyListeners = new Set<() => void>();

export const loadAutoLinker = once(async () => {
  linkify = (await import('linkify-react')).default;
  for (const listener of linkifyListeners) listener();
});

/**
 * Waits for what these post bodies need to render: nothing in a browser with its own sanitiser or
 * when every body is within the allow-list (as stored), else DOMPurify.
 */
export async function sanitizerFor(bodies: string[]): Promise<void> {
  if (
    !platform &&
    !(import.meta.env.SSR && onServer) &&
    bodies.some((body) => checkedBody(body) === null)
  )
    await loadSanitizer();
}

/** Whether any of these texts has an address the auto-linker would link (portal.md §5: http only). */
export const hasLinks = (texts: string[]) => texts.some((text) => /https?:\/\//i.test(text));

/**
 * A server render's sanitiser (issue 75, src/ssr/portal-render.tsx): the server's own, by the same
 * allow-list (server/content/sanitize.ts), as Node has no DOM for the browser's.
 */
let onServer: ((html: string) => string) | null = null;
export const sanitizeOnServer = (sanitize: (html: string) => string) => {
  onServer = sanitize;
};

function sanitizeWith(html: string, library: ((html: string) => string) | null): string {
  if (platform) return platform(html);
  if (import.meta.env.SSR && onServer) return onServer(html);
  const within = checkedBody(html);
  if (within !== null) return within;
  return library ? library(html) : '';
}

/**
 * A content body through the shared allow-list once more: the browser's sanitiser, else the body as
 * parsed when it is within the list, else DOMPurify; nothing while DOMPurify is still needed and away.
 */
export const sanitizeHtml = (html: string): string => sanitizeWith(html, purify);

/**
 * A content body sanitised for rendering, again only when the body or the sanitiser changes: a page
 * renders many times while its sections arrive, and each post's body would be parsed every time.
 */
export function useSanitizedHtml(html: string): string {
  const library = purify;
  return useMemo(() => sanitizeWith(html, library), [html, library]);
}

/** The auto-linker, once loaded. */
export const linkifyComponent = (): typeof Linkify | null => linkify;

/**
 * The auto-linker in a component, which renders again when it arrives. A page the server drew
 * (issue 75) has none: the browser's hydration draws without it too, then with it.
 */
export function useAutoLinker(): typeof Linkify | null {
  return useSyncExternalStore(
    (listener) => {
      linkifyListeners.add(listener);
      return () => linkifyListeners.delete(listener);
    },
    linkifyComponent,
    () => null,
  );
}

/**
 * The code that renders content text: the sanitiser for posts' HTML (DOMPurify, src/lib/html.ts) and
 * the auto-linker for messages (linkify). Each is its own chunk. The sanitiser loads in parallel with
 * the first content read, and every read of posts (pages, posts, the modal post) waits for it, so
 * posts on screen always have it; before it (never, for posts that came through those reads) HTML
 * renders as nothing, the safe side. The auto-linker loads only when a message read brings an address
 * to link, without holding the read up: a message shows as plain text, and its addresses become
 * links in place when the auto-linker arrives (the same text, so nothing moves).
 */
import { useSyncExternalStore } from 'react';
import type Linkify from 'linkify-react';

let sanitize: ((html: string) => string) | null = null;
let linkify: typeof Linkify | null = null;

/** Loads a chunk once; a failed load (a chunk that did not arrive) is tried again next time. */
function once(load: () => Promise<void>): () => Promise<void> {
  let loading: Promise<void> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

export const loadSanitizer = once(async () => {
  sanitize = (await import('./html.js')).sanitizeHtml;
});

const linkifyListeners = new Set<() => void>();

export const loadAutoLinker = once(async () => {
  linkify = (await import('linkify-react')).default;
  for (const listener of linkifyListeners) listener();
});

/** Waits for the sanitiser alongside a read of posts, and answers the read. */
export async function withSanitizer<T>(read: Promise<T>): Promise<T> {
  const [answer] = await Promise.all([read, loadSanitizer()]);
  return answer;
}

/** Whether any of these texts has an address the auto-linker would link (portal.md §5: http only). */
export const hasLinks = (texts: string[]) => texts.some((text) => /https?:\/\//i.test(text));

/** A content body through the shared allow-list once more; nothing until the sanitiser is here. */
export const sanitizeHtml = (html: string): string => (sanitize ? sanitize(html) : '');

/** The auto-linker, once loaded. */
export const linkifyComponent = (): typeof Linkify | null => linkify;

/** The auto-linker in a component, which renders again when it arrives. */
export function useAutoLinker(): typeof Linkify | null {
  return useSyncExternalStore((listener) => {
    linkifyListeners.add(listener);
    return () => linkifyListeners.delete(listener);
  }, linkifyComponent);
}

/**
 * The part of `jsdom` (which ships no types) the server uses: a window for DOMPurify, and inert
 * fragments the feeds turn into plain text.
 */
declare module 'jsdom' {
  import type { WindowLike } from 'dompurify';

  interface ParsedNode {
    readonly textContent: string | null;
    querySelectorAll(selectors: string): Iterable<{ remove(): void }>;
  }
  export class JSDOM {
    constructor(html?: string);
    readonly window: WindowLike;
    /** Parses `html` as a fragment of an inert document: no scripts run, nothing loads. */
    static fragment(html: string): ParsedNode;
  }
}

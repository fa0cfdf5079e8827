/**
 * The part of `jsdom` (which ships no types) the feeds use to turn HTML into plain text.
 */
declare module 'jsdom' {
  interface ParsedNode {
    readonly textContent: string | null;
    querySelectorAll(selectors: string): Iterable<{ remove(): void }>;
  }
  export class JSDOM {
    /** Parses `html` as a fragment of an inert document: no scripts run, nothing loads. */
    static fragment(html: string): ParsedNode;
  }
}

/** The part of `jsdom` (which ships no types) the server uses: a window for DOMPurify. */
declare module 'jsdom' {
  import type { WindowLike } from 'dompurify';

  export class JSDOM {
    constructor(html?: string);
    readonly window: WindowLike;
  }
}

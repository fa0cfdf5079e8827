/** The part of jsdom the server uses: a window for DOMPurify (jsdom ships no type declarations). */
declare module 'jsdom' {
  import type { WindowLike } from 'dompurify';

  export class JSDOM {
    constructor(html?: string);
    readonly window: WindowLike;
  }
}

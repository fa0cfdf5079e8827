import { marked } from 'marked';
import { isMarkupWithinDepth, MARKUP_TOO_DEEP } from '../../contract/markup.rules.js';
import { sanitizeContentHtml } from './sanitize.js';

/** A body nested deeper than the contract allows: refused before any parser reads it. */
export class MarkupTooDeepError extends Error {
  readonly statusCode = 400;
  constructor() {
    super(MARKUP_TOO_DEEP);
  }
}

/** Refuses a text no parser should see (marked and the HTML parser recurse once per level). */
export function assertMarkupWithinDepth(text: string): void {
  if (!isMarkupWithinDepth(text)) throw new MarkupTooDeepError();
}

/**
 * An editor's Markdown as the HTML students get: converted by `marked`, then through the same
 * allow-list as every stored body, so what is stored is always sanitised (raw HTML in the Markdown
 * included). The admin's schema already refuses a body nested too deeply; the check is repeated
 * here so no other caller can hand the parsers one.
 */
export function markdownToSafeHtml(markdown: string): string {
  assertMarkupWithinDepth(markdown);
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeContentHtml(html);
}

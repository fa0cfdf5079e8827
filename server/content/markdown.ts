import { marked } from 'marked';
import { sanitizeContentHtml } from './sanitize.js';

/**
 * An editor's Markdown as the HTML students get: converted by `marked`, then through the same
 * allow-list as every stored body, so what is stored is always sanitised (raw HTML in the Markdown
 * included).
 */
export function markdownToSafeHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeContentHtml(html);
}

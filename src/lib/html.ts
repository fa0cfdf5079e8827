import DOMPurify from 'dompurify';

/** Content bodies are HTML written in the admin: keep the markup, drop anything that could run. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

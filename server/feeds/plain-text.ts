import { JSDOM } from 'jsdom';
import { httpUrlSchema } from '../../contract/events.schema.js';

/**
 * Feed text as plain text: HTML parsed by a real HTML parser (tags dropped, `<script>` and
 * `<style>` content too, entities decoded), whitespace collapsed. What reaches the portal is only
 * ever shown as text, never as markup.
 */
export function plainText(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') return '';
  if (!/[<&]/.test(value)) return value.replace(/\s+/g, ' ').trim();
  const fragment = JSDOM.fragment(value);
  for (const code of fragment.querySelectorAll('script, style, template')) code.remove();
  return (fragment.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** A link or image address from a feed: kept only when it is an absolute http(s) URL. */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const parsed = httpUrlSchema.safeParse(value.trim());
  return parsed.success ? parsed.data : null;
}

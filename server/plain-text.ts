import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { httpUrlSchema } from '../contract/events.schema.js';

type FragmentNode = DefaultTreeAdapterMap['childNode'];

/** Elements whose content is never text a person reads. */
const NOT_TEXT = new Set(['script', 'style', 'template', 'noscript']);

/**
 * Markup as plain text (the feeds' items; on SQLite, what the search index keeps of stored markup:
 * `portal_text`, db/database.ts): HTML parsed by a real HTML parser (parse5, the WHATWG parser
 * jsdom and browsers' test suites agree with; tags dropped, `<script>` and `<style>` content too,
 * entities decoded), whitespace collapsed. What reaches the portal is only ever shown as text, never as
 * markup. A walk with its own stack: a feed nesting elements thousands deep cannot overflow it.
 */
export function plainText(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') return '';
  if (!/[<&]/.test(value)) return value.replace(/\s+/g, ' ').trim();
  const text: string[] = [];
  const pending: FragmentNode[] = [...parseFragment(value).childNodes].reverse();
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.nodeName === '#text' && 'value' in node) text.push(node.value);
    else if ('childNodes' in node && !NOT_TEXT.has(node.nodeName)) {
      for (let i = node.childNodes.length - 1; i >= 0; i -= 1) pending.push(node.childNodes[i]!);
    }
  }
  return text.join('').replace(/\s+/g, ' ').trim();
}

/** A link or image address from markup: kept only when it is an absolute http(s) URL. */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const parsed = httpUrlSchema.safeParse(value.trim());
  return parsed.success ? parsed.data : null;
}

/**
 * The `src` and `alt` of the first `<img>` in a piece of HTML (parse5, as a browser would read it),
 * or null.
 */
export function firstImage(html: string): { src: string | null; alt: string } | null {
  if (!/<img/i.test(html)) return null;
  const pending: FragmentNode[] = [...parseFragment(html).childNodes].reverse();
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.nodeName === 'img' && 'attrs' in node) {
      const value = (name: string) => node.attrs.find((a) => a.name === name)?.value;
      return { src: value('src') ?? null, alt: value('alt') ?? '' };
    }
    if ('childNodes' in node) {
      for (let i = node.childNodes.length - 1; i >= 0; i -= 1) pending.push(node.childNodes[i]!);
    }
  }
  return null;
}

/**
 * HTML as plain text in which each http(s) link stays readable and linkable: "Shelter here
 * (https://…)"; a link whose text is its address is written once, any other scheme is dropped.
 */
export function plainTextWithLinks(value: string): string {
  if (!/<a\b/i.test(value)) return plainText(value);
  const text: string[] = [];
  const pending: (FragmentNode | string)[] = [...parseFragment(value).childNodes].reverse();
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (typeof node === 'string') text.push(node);
    else if (node.nodeName === '#text' && 'value' in node) text.push(node.value);
    else if ('childNodes' in node && !NOT_TEXT.has(node.nodeName)) {
      const href =
        node.nodeName === 'a' && 'attrs' in node
          ? httpUrl(node.attrs.find((a) => a.name === 'href')?.value)
          : null;
      const label = href ? plainText(serializeText(node)) : '';
      if (href && label !== href) pending.push(` (${href})`);
      for (let i = node.childNodes.length - 1; i >= 0; i -= 1) pending.push(node.childNodes[i]!);
    }
  }
  return text.join('').replace(/\s+/g, ' ').trim();
}

/** The text inside one element (its own walk). */
function serializeText(el: FragmentNode): string {
  const out: string[] = [];
  const pending: FragmentNode[] = [el];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.nodeName === '#text' && 'value' in node) out.push(node.value);
    else if ('childNodes' in node) {
      for (let i = node.childNodes.length - 1; i >= 0; i -= 1) pending.push(node.childNodes[i]!);
    }
  }
  return out.join('');
}

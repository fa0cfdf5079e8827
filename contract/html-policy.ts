/**
 * The allow-list for HTML in content posts (portal.md §3 Post body): the server sanitises with it
 * when a post is stored, the browser again when it renders one. Plain data, so both sides configure
 * their DOMPurify from this one place.
 */
export const HTML_POLICY: {
  ALLOWED_TAGS: string[];
  ALLOWED_ATTR: string[];
  ALLOW_DATA_ATTR: boolean;
  ALLOW_ARIA_ATTR: boolean;
  KEEP_CONTENT: boolean;
} = {
  ALLOWED_TAGS: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'blockquote',
    'code',
    'pre',
    'span',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  ALLOWED_ATTR: ['href', 'title', 'alt', 'src', 'width', 'height', 'colspan', 'rowspan', 'scope'],
  /** No data attributes, no ARIA that could hijack the page's own landmarks. */
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  /** Text of dropped elements such as <script> or <style> is dropped with them. */
  KEEP_CONTENT: true,
};

/**
 * Links and images may point only at https, http (links only), mailto, tel, a same-site path or a
 * fragment. Everything else — javascript:, data:, vbscript:, protocol-relative "//host" — goes.
 */
const SAFE_LINK = /^(?:https?:\/\/|mailto:|tel:|\/(?![/\\])|#|\?)/i;
const SAFE_IMAGE = /^(?:https:\/\/|\/(?![/\\]))/i;

/** Whether a URL may stay in an attribute (`href` of links, `src` of images). */
export function isSafeContentUrl(attribute: 'href' | 'src', value: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const compact = value
    .split('')
    .filter((ch) => {
      const code = ch.charCodeAt(0);
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('');
  return (attribute === 'src' ? SAFE_IMAGE : SAFE_LINK).test(compact);
}

/** Whether an attribute passes the URL rule: `href` and `src` must be safe addresses; others are no URL. */
export function passesUrlRule(name: string, value: string): boolean {
  return (name !== 'href' && name !== 'src') || isSafeContentUrl(name, value);
}

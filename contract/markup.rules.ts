/**
 * How deeply a Markdown or HTML text nests, worked out in one linear pass without parsing it, so a
 * text can be refused before a parser sees it. Parsers recurse once per level: a body of thousands
 * of nested `<b>`, `>` or list markers overflows their stack or takes minutes, and that blocks every
 * other request of the process. Read by the admin's post schema and by the server's converter.
 */

/** Levels a post body may nest: far beyond what an editor writes, far below what a parser chokes on. */
export const MAX_MARKUP_DEPTH = 32;

export const MARKUP_TOO_DEEP = `Nest lists, quotes and HTML elements at most ${MAX_MARKUP_DEPTH} levels deep.`;

/** Elements that never hold children, and elements whose end tag the HTML parser supplies itself. */
const NO_NESTING = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
  'p',
  'li',
  'dt',
  'dd',
  'option',
  'optgroup',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'rt',
  'rp',
  'colgroup',
  'caption',
]);

const isLetter = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isNameChar = (c: string) => isLetter(c) || (c >= '0' && c <= '9') || c === '-';

/** The most HTML elements open at once: a tag name is read; its attributes are never scanned. */
function htmlDepth(text: string): number {
  const open = new Map<string, number>();
  let depth = 0;
  let deepest = 0;
  for (let i = text.indexOf('<'); i !== -1; i = text.indexOf('<', i + 1)) {
    const closing = text[i + 1] === '/';
    let end = i + (closing ? 2 : 1);
    if (!isLetter(text[end] ?? '')) continue;
    const start = end;
    while (end < text.length && end - start < 20 && isNameChar(text[end] ?? '')) end += 1;
    const name = text.slice(start, end).toLowerCase();
    if (NO_NESTING.has(name)) continue;
    const count = open.get(name) ?? 0;
    if (!closing) {
      open.set(name, count + 1);
      deepest = Math.max(deepest, (depth += 1));
    } else if (count > 0) {
      // An end tag with nothing of its name open is ignored by the parser, and here too.
      open.set(name, count - 1);
      depth -= 1;
    }
  }
  return deepest;
}

/** The most Markdown containers one line opens: block quotes, list items and its indentation. */
function markdownDepth(text: string): number {
  let deepest = 0;
  let i = 0;
  while (i < text.length) {
    let markers = 0;
    let indent = 0;
    for (;;) {
      const c = text[i];
      // Only the indentation before a line's first marker nests; spaces after one only separate.
      if (c === ' ' || c === '\t') indent += markers === 0 ? (c === ' ' ? 1 : 4) : 0;
      else if (c === '>') markers += 1;
      else if ((c === '-' || c === '*' || c === '+') && /[ \t\n]/.test(text[i + 1] ?? '\n')) {
        markers += 1;
      } else if (c !== undefined && c >= '0' && c <= '9') {
        let j = i;
        while (j - i < 9 && (text[j] ?? '') >= '0' && (text[j] ?? '') <= '9') j += 1;
        if (!/[.)]/.test(text[j] ?? '') || !/[ \t\n]/.test(text[j + 1] ?? '\n')) break;
        markers += 1;
        i = j;
      } else break;
      i += 1;
    }
    deepest = Math.max(deepest, markers + Math.floor(indent / 2));
    const next = text.indexOf('\n', i);
    i = next === -1 ? text.length : next + 1;
  }
  return deepest;
}

/** An upper bound of how deeply the HTML made of `text` (Markdown, HTML or both) nests. */
export function markupDepth(text: string): number {
  return htmlDepth(text) + markdownDepth(text);
}

export const isMarkupWithinDepth = (text: string) => markupDepth(text) <= MAX_MARKUP_DEPTH;

import { SaxesParser } from 'saxes';
import { FeedLimitError } from './feed-limits.js';
import type { FeedLimits } from './feed-limits.js';

/** An element of a feed document, named by namespace URI and local name, never by its prefix. */
export interface XmlElement {
  uri: string;
  local: string;
  /** Attribute values by `uri|local` (`|local` without a namespace). */
  attrs: Map<string, string>;
  children: XmlNode[];
  /**
   * The base address of the element's relative references (XML Base): its `xml:base` resolved
   * against its parent's, when the chain gives an absolute one; else undefined.
   */
  base?: string;
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** `href` resolved against the element's XML Base (absolute as it is); null when neither gives an address. */
export function resolveAgainst(el: XmlElement, href: string | null): string | null {
  if (href === null) return null;
  const trimmed = href.trim();
  return URL.parse(trimmed, el.base)?.href ?? (URL.canParse(trimmed) ? trimmed : null);
}
export type XmlNode = XmlElement | string;

export const isElement = (node: XmlNode): node is XmlElement => typeof node !== 'string';

/** An attribute without a namespace (`href`, `type`, `url`). */
export const attr = (el: XmlElement, local: string, uri = '') =>
  el.attrs.get(`${uri}|${local}`) ?? null;

/** The child elements named `local` in namespace `uri` (one of `uris`). */
export function childrenOf(el: XmlElement, uris: readonly string[], local: string): XmlElement[] {
  return el.children.filter(
    (c): c is XmlElement => isElement(c) && c.local === local && uris.includes(c.uri),
  );
}

export const childOf = (el: XmlElement, uris: readonly string[], local: string) =>
  childrenOf(el, uris, local)[0] ?? null;

/** The text of an element and its descendants, in document order (a walk with its own stack). */
export function textOf(el: XmlElement | null): string {
  if (!el) return '';
  const out: string[] = [];
  const pending: XmlNode[] = [...el.children].reverse();
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (typeof node === 'string') out.push(node);
    else for (let i = node.children.length - 1; i >= 0; i -= 1) pending.push(node.children[i]!);
  }
  return out.join('');
}

/** Every descendant element of `el` (document order), for finding an image anywhere in content. */
export function* descendants(el: XmlElement): Generator<XmlElement> {
  const pending: XmlNode[] = [...el.children].reverse();
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (typeof node === 'string') continue;
    yield node;
    for (let i = node.children.length - 1; i >= 0; i -= 1) pending.push(node.children[i]!);
  }
}

/** Named entities feeds use although XML does not define them; kept as written for the HTML reader. */
const UNDEFINED_ENTITY = /undefined entity/;

/**
 * A feed document as a tree, with namespaces resolved (saxes, a conformant non-validating XML parser
 * that never expands entities declared in a DTD, so no entity expansion can grow the document).
 * Deeper than `limits.depth` or more than `limits.items * 64` elements is refused. An entity XML does
 * not define (`&nbsp;` from an HTML editor) stays as text; any other well-formedness error throws.
 */
export function parseXmlTree(xml: string, limits: Pick<FeedLimits, 'depth' | 'items'>): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const root: XmlElement = { uri: '', local: '#document', attrs: new Map(), children: [] };
  const stack: XmlElement[] = [root];
  const maxElements = limits.items * 64;
  let elements = 0;
  let failure: Error | null = null;
  parser.on('error', (err) => {
    if (!UNDEFINED_ENTITY.test(err.message)) failure ??= err;
  });
  parser.on('opentag', (tag) => {
    elements += 1;
    if (stack.length > limits.depth) {
      throw new FeedLimitError('depth', `elements nested deeper than ${limits.depth}`);
    }
    if (elements > maxElements) {
      throw new FeedLimitError('items', `more than ${maxElements} elements`);
    }
    const attrs = new Map<string, string>();
    for (const a of Object.values(tag.attributes)) attrs.set(`${a.uri}|${a.local}`, a.value);
    const parent = stack.at(-1)!;
    const el: XmlElement = { uri: tag.uri, local: tag.local, attrs, children: [] };
    const declared = attrs.get(`${XML_NS}|base`);
    const base =
      declared === undefined ? parent.base : URL.parse(declared.trim(), parent.base)?.href;
    if (base !== undefined) el.base = base;
    parent.children.push(el);
    if (!tag.isSelfClosing) stack.push(el);
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) stack.pop();
  });
  const onText = (text: string) => {
    if (stack.length > 1) stack.at(-1)!.children.push(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.write(xml).close();
  if (failure) throw failure;
  const top = root.children.find(isElement);
  if (!top) throw new Error('not an XML document');
  return top;
}

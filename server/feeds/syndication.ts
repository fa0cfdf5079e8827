import { firstImage, httpUrl, plainText } from '../plain-text.js';
import {
  attr,
  childOf,
  childrenOf,
  descendants,
  isElement,
  resolveAgainst,
  textOf,
} from './xml-tree.js';
import type { XmlElement } from './xml-tree.js';

/** Namespaces of the syndication formats, matched by URI whatever prefix a feed binds them to. */
export const NS = {
  rss2: [''],
  rss1: ['http://purl.org/rss/1.0/'],
  atom: ['http://www.w3.org/2005/Atom'],
  content: ['http://purl.org/rss/1.0/modules/content/'],
  dc: ['http://purl.org/dc/elements/1.1/'],
  media: ['http://search.yahoo.com/mrss/', 'http://search.yahoo.com/mrss'],
  xhtml: ['http://www.w3.org/1999/xhtml'],
} as const;

const inNs = (uris: readonly string[], uri: string) => uris.includes(uri);

/** One RSS item or Atom entry, its text already plain, its addresses http(s) only. */
export interface SyndicationItem {
  /** The element itself: extension fields (a platform's own namespace) are read from it. */
  element: XmlElement;
  title: string;
  link: string | null;
  id: string;
  /** Publication (else update) time as written; the reader decides how to place it. */
  published: string;
  /** The summary (else the content) as plain text, and as the markup it came as (html types). */
  summary: string;
  summaryHtml: string;
  image: string | null;
  /** The image's text alternative as the feed gave it (media:description, else the img's alt). */
  imageAlt: string;
}

const isImageType = (type: string | null) => type === null || type.startsWith('image/');

/** media:content / media:thumbnail of the item and of its media:group, in document order. */
function mediaOf(item: XmlElement, local: 'content' | 'thumbnail'): XmlElement[] {
  const groups = childrenOf(item, NS.media, 'group');
  return [item, ...groups].flatMap((el) => childrenOf(el, NS.media, local));
}

/**
 * The item's image, in this order: media:content that is an image, media:thumbnail, an image
 * enclosure, the first `<img>` of the content.
 */
function imageOf(
  item: XmlElement,
  contentHtml: string,
  xhtml: XmlElement | null,
): { image: string | null; imageAlt: string } {
  const media = mediaOf(item, 'content').find((m) => {
    const medium = attr(m, 'medium');
    return medium ? medium === 'image' : isImageType(attr(m, 'type'));
  });
  const thumbnail = mediaOf(item, 'thumbnail')[0];
  const enclosure =
    childrenOf(item, NS.rss2, 'enclosure').find((e) => isImageType(attr(e, 'type'))) ??
    childrenOf(item, NS.atom, 'link').find(
      (l) => attr(l, 'rel') === 'enclosure' && (attr(l, 'type') ?? '').startsWith('image/'),
    );
  const inXhtml = xhtml
    ? [...descendants(xhtml)].find((el) => el.local === 'img' && inNs(NS.xhtml, el.uri))
    : undefined;
  const inHtml = inXhtml ? null : firstImage(contentHtml);
  const described = (el: XmlElement | undefined) =>
    el ? textOf(childOf(el, NS.media, 'description') ?? childOf(el, NS.media, 'title')) : '';
  // Relative addresses resolve against the element's xml:base (Atom feeds use it; RSS rarely).
  const candidates: [string | null | undefined, string][] = [
    [media && resolveAgainst(media, attr(media, 'url')), described(media)],
    [thumbnail && resolveAgainst(thumbnail, attr(thumbnail, 'url')), ''],
    [enclosure && resolveAgainst(enclosure, attr(enclosure, 'url') ?? attr(enclosure, 'href')), ''],
    inXhtml
      ? [resolveAgainst(inXhtml, attr(inXhtml, 'src')), attr(inXhtml, 'alt') ?? '']
      : [resolveAgainst(item, inHtml?.src ?? null), inHtml?.alt ?? ''],
  ];
  for (const [candidate, alt] of candidates) {
    const url = httpUrl(candidate);
    if (url) return { image: url, imageAlt: alt };
  }
  return { image: null, imageAlt: '' };
}

/** An Atom text construct (RFC 4287 §3.1): text, html or xhtml, as plain text plus its markup. */
function atomText(el: XmlElement | null): { text: string; html: string; xhtml: XmlElement | null } {
  if (!el) return { text: '', html: '', xhtml: null };
  const type = attr(el, 'type') ?? 'text';
  if (type === 'xhtml') {
    const div = el.children.find(isElement) ?? el;
    const text = textOf(div).replace(/\s+/g, ' ').trim();
    return { text, html: '', xhtml: div };
  }
  const raw = textOf(el);
  if (type === 'html') return { text: plainText(raw), html: raw, xhtml: null };
  return { text: raw.replace(/\s+/g, ' ').trim(), html: '', xhtml: null };
}

function rssItem(item: XmlElement, ns: readonly string[]): SyndicationItem {
  const text = (uris: readonly string[], local: string) => textOf(childOf(item, uris, local));
  const encoded = text(NS.content, 'encoded');
  const description = text(ns, 'description');
  const html = encoded || description;
  const link = httpUrl(text(ns, 'link').trim()) ?? httpUrl(attr(item, 'about', RDF));
  return {
    element: item,
    title: plainText(text(ns, 'title')),
    link,
    id: plainText(text(ns, 'guid')) || link || '',
    published: (text(ns, 'pubDate') || text(NS.dc, 'date')).trim(),
    summary: plainText(description || encoded),
    summaryHtml: description || encoded,
    ...imageOf(item, html, null),
  };
}

const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';

/**
 * The entry's rel="alternate" link (the default rel), resolved against its `xml:base` (RFC 4287 §2:
 * Atom's relative references are), kept when it is then an http(s) URL.
 */
function atomLink(entry: XmlElement): string | null {
  const links = childrenOf(entry, NS.atom, 'link');
  const alternate = links.find((l) => (attr(l, 'rel') ?? 'alternate') === 'alternate');
  return httpUrl(alternate ? resolveAgainst(alternate, attr(alternate, 'href')) : null);
}

function atomEntry(entry: XmlElement): SyndicationItem {
  const title = atomText(childOf(entry, NS.atom, 'title'));
  const content = atomText(childOf(entry, NS.atom, 'content'));
  const summary = atomText(childOf(entry, NS.atom, 'summary'));
  const link = atomLink(entry);
  const published =
    textOf(childOf(entry, NS.atom, 'published')) || textOf(childOf(entry, NS.atom, 'updated'));
  return {
    element: entry,
    title: title.text,
    link,
    id: textOf(childOf(entry, NS.atom, 'id')).trim() || link || '',
    published: published.trim(),
    summary: summary.text || content.text,
    summaryHtml: summary.html || content.html,
    ...imageOf(entry, content.html || summary.html, content.xhtml ?? summary.xhtml),
  };
}

/**
 * The items of an RSS 2.0, RSS 1.0 (RDF) or Atom 1.0 document, in document order. A document that
 * is none of these throws.
 */
export function syndicationItems(root: XmlElement): SyndicationItem[] {
  if (root.local === 'rss' && root.uri === '') {
    const channel = childOf(root, NS.rss2, 'channel');
    return channel ? childrenOf(channel, NS.rss2, 'item').map((i) => rssItem(i, NS.rss2)) : [];
  }
  if (root.local === 'RDF' && root.uri === RDF) {
    return childrenOf(root, NS.rss1, 'item').map((i) => rssItem(i, NS.rss1));
  }
  if (root.local === 'feed' && inNs(NS.atom, root.uri)) {
    return childrenOf(root, NS.atom, 'entry').map(atomEntry);
  }
  throw new Error(`not an RSS or Atom document (<${root.local}>)`);
}

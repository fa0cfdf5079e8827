import { HTML_POLICY, passesUrlRule } from '../../contract/html-policy.js';

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const ELEMENTS = new Set(HTML_POLICY.ALLOWED_TAGS);
const ATTRIBUTES = new Set(HTML_POLICY.ALLOWED_ATTR);
/** Attribute values DOMPurify drops as possible markup breakouts (its SAFE_FOR_XML rule). */
const BREAKOUT =
  /((--!?|])>)|<\/(style|script|title|xmp|textarea|noscript|iframe|noembed|noframes)/i;

/** Text attributes (`title`, `alt`) take any words; the rest but addresses take plain values only. */
const TEXT_ATTRIBUTES = new Set(['title', 'alt']);
const PLAIN_VALUE = /^[\w%.-]*$/;

const allowedValue = (name: string, value: string) =>
  !BREAKOUT.test(value) &&
  (TEXT_ATTRIBUTES.has(name) ||
    (name === 'href' || name === 'src' ? passesUrlRule(name, value) : PLAIN_VALUE.test(value)));

const allowedElement = (element: Element) =>
  element.namespaceURI === HTML_NAMESPACE &&
  ELEMENTS.has(element.localName) &&
  [...element.attributes].every(
    ({ namespaceURI, name, value }) =>
      namespaceURI === null && ATTRIBUTES.has(name) && allowedValue(name, value),
  );

/** Whether every node under `root` is text or an element the allow-list keeps as it is. */
function allWithin(root: Node): boolean {
  const pending: Node[] = [...root.childNodes];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.nodeType === Node.TEXT_NODE) continue;
    if (!(node instanceof Element) || !allowedElement(node)) return false;
    // One at a time: a spread of a very wide body's children would overflow the call's arguments.
    for (const child of node.childNodes) pending.push(child);
  }
  return true;
}

/**
 * A post body as the browser parses it, when it is already within the content allow-list
 * (contract/html-policy.ts): every element listed and in the HTML namespace, every attribute listed
 * and without a namespace, every address passing the URL rule and every other value plain text or a
 * plain number, no comments. That is how the server stores every body (server/content/sanitize.ts),
 * so a browser without the HTML Sanitizer API renders stored posts without loading DOMPurify;
 * anything else answers null, and DOMPurify sanitises it. The body is parsed as DOMPurify parses it,
 * with DOMParser, whose document runs no script and loads nothing, and what renders is that parse's
 * own serialisation, as DOMPurify's answer is.
 */
export function withinPolicy(html: string): string | null {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const { body, head, documentElement } = document;
  // What the parser put in the head (a leading <style>, <meta> or <title>) or beside the body (a
  // doctype, a comment before or after it, a <frameset> instead of it), and attributes a stray
  // <html> or <body> tag gave the document, are outside the list too.
  if (
    document.childNodes.length !== 1 ||
    documentElement.childNodes.length !== 2 ||
    body.localName !== 'body' ||
    head.hasChildNodes() ||
    documentElement.attributes.length > 0 ||
    body.attributes.length > 0 ||
    !allWithin(body)
  ) {
    return null;
  }
  // The parser drops white space before the first tag; DOMPurify puts it back, and so does this.
  return (/^[\r\n\t ]+/.exec(html)?.[0] ?? '') + body.innerHTML;
}

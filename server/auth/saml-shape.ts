import { SaxesParser } from 'saxes';
import type { SaxesTagNS } from 'saxes';
import { SamlRefusedError } from './saml-request.js';

/*
 * The one pass over a SAML message before any XML library sees it: a streaming parse (saxes, which
 * never reads a DTD nor expands a declared entity) that stops at the first bound crossed, and
 * refuses a document whose shape is not the SAML protocol message the route expects. node-saml's
 * DOM and XPath work is quadratic in the number of siblings; nothing past these bounds reaches it.
 */

/** The decoded document: a real response (an encrypted assertion, 300 groups) is under 64 KB. */
export const SAML_XML_MAX_BYTES = 192 * 1024;
/** Elements in the whole document (a response with 500 group values has about 700). */
export const SAML_MAX_ELEMENTS = 4_000;
/** Children of one element (the attribute statement with its values is the widest). */
export const SAML_MAX_CHILDREN = 1_000;
/** Nesting (Response › EncryptedAssertion › EncryptedData › KeyInfo › … is 9 deep). */
export const SAML_MAX_DEPTH = 24;
/** Attributes of one element (namespace declarations included). */
const MAX_ATTRIBUTES = 32;

export const PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
export const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';

export type SamlMessageKind = 'Response' | 'LogoutRequest';

/** What the pass reads on its way: the values the routes check before the signature work. */
export interface SamlShape {
  root: SamlMessageKind;
  id: string | undefined;
  inResponseTo: string | undefined;
  destination: string | undefined;
  notOnOrAfter: string | undefined;
  /** The top-level StatusCode of a Response. */
  status: string | undefined;
  /** A LogoutRequest's NameID (clear, not encrypted) and SessionIndex values. */
  nameId: string | undefined;
  sessionIndexes: string[];
  /** The signatures' SignatureMethod and DigestMethod algorithms in the clear part of the document. */
  algorithms: string[];
}

const refuse = (message: string) => new SamlRefusedError('malformed', message);

const attr = (tag: SaxesTagNS, name: string) => tag.attributes[name]?.value;

/**
 * Reads `xml` once with every bound, and answers its shape; throws SamlRefusedError('malformed') at
 * the first crossing (a DOCTYPE, a processing instruction, too many or too deep elements, another
 * root) without reading further.
 */
export function samlShape(xml: string, expected: SamlMessageKind): SamlShape {
  if (Buffer.byteLength(xml, 'utf8') > SAML_XML_MAX_BYTES) {
    throw refuse(`the document is over ${SAML_XML_MAX_BYTES} bytes`);
  }
  const shape: SamlShape = {
    root: expected,
    id: undefined,
    inResponseTo: undefined,
    destination: undefined,
    notOnOrAfter: undefined,
    status: undefined,
    nameId: undefined,
    sessionIndexes: [],
    algorithms: [],
  };
  const parser = new SaxesParser({ xmlns: true, position: false });
  /** The open elements' local names and child counts. */
  const path: string[] = [];
  const children: number[] = [0];
  let elements = 0;
  let capture: 'nameId' | 'sessionIndex' | 'status' | null = null;
  let text = '';
  parser.on('doctype', () => {
    throw refuse('the document has a DOCTYPE');
  });
  parser.on('processinginstruction', () => {
    throw refuse('the document has a processing instruction');
  });
  parser.on('error', (err) => {
    throw refuse(`the document is not well-formed XML: ${err.message.slice(0, 200)}`);
  });
  parser.on('opentag', (tag) => {
    elements += 1;
    const depth = path.length;
    if (elements > SAML_MAX_ELEMENTS) throw refuse(`more than ${SAML_MAX_ELEMENTS} elements`);
    if (depth >= SAML_MAX_DEPTH) throw refuse(`elements nested deeper than ${SAML_MAX_DEPTH}`);
    const siblings = (children[depth] ?? 0) + 1;
    children[depth] = siblings;
    if (siblings > SAML_MAX_CHILDREN) {
      throw refuse(`an element has over ${SAML_MAX_CHILDREN} children`);
    }
    if (Object.keys(tag.attributes).length > MAX_ATTRIBUTES) {
      throw refuse(`an element has over ${MAX_ATTRIBUTES} attributes`);
    }
    if (depth === 0) {
      if (tag.uri !== PROTOCOL_NS || tag.local !== expected) {
        throw refuse(`the document is {${tag.uri}}${tag.local}, not a SAML ${expected}`);
      }
      shape.id = attr(tag, 'ID');
      shape.inResponseTo = attr(tag, 'InResponseTo');
      shape.destination = attr(tag, 'Destination');
      shape.notOnOrAfter = attr(tag, 'NotOnOrAfter');
    }
    const parent = path.at(-1);
    // A signature's algorithms only: an encrypted key's OAEP digest (SHA-1 by default) is no signature.
    const signing =
      (tag.local === 'SignatureMethod' && parent === `{${DSIG_NS}}SignedInfo`) ||
      (tag.local === 'DigestMethod' && parent === `{${DSIG_NS}}Reference`);
    if (tag.uri === DSIG_NS && signing) shape.algorithms.push(attr(tag, 'Algorithm') ?? '');
    if (depth === 1 && expected === 'LogoutRequest' && tag.uri === ASSERTION_NS) {
      if (tag.local === 'NameID') capture = 'nameId';
    }
    if (depth === 1 && expected === 'LogoutRequest' && tag.uri === PROTOCOL_NS) {
      if (tag.local === 'SessionIndex') capture = 'sessionIndex';
    }
    if (depth === 2 && parent === 'Status' && tag.uri === PROTOCOL_NS) {
      if (tag.local === 'StatusCode' && shape.status === undefined) {
        shape.status = attr(tag, 'Value') ?? '';
      }
    }
    children[depth + 1] = 0;
    path.push(tag.uri === PROTOCOL_NS ? tag.local : `{${tag.uri}}${tag.local}`);
    text = '';
  });
  parser.on('text', (t) => {
    if (capture) text += t.slice(0, 4096);
  });
  parser.on('closetag', () => {
    if (capture === 'nameId') shape.nameId = text.trim();
    if (capture === 'sessionIndex') shape.sessionIndexes.push(text.trim());
    capture = null;
    path.pop();
  });
  parser.write(xml).close();
  if (elements === 0) throw refuse('the document has no element');
  return shape;
}

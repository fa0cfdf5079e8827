import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { SaxesParser } from 'saxes';
import { z } from 'zod';
import { outbound, OutboundError } from '../net/outbound.js';
import type { OutboundAnswer } from '../net/outbound.js';
import { printableUrl } from '../net/printable-url.js';

const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
/** A campus IdP's own metadata is a few kilobytes; a federation aggregate is not what is asked for. */
export const METADATA_MAX_BYTES = 2 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;

/** What the portal takes from its identity provider's metadata. */
export interface IdpMetadata {
  entityId: string;
  /** The SingleSignOnService for HTTP-Redirect. */
  ssoUrl: string;
  /** The SingleLogoutService for HTTP-Redirect, when the IdP offers one. */
  sloUrl: string | undefined;
  /** Every signing certificate (PEM): during a rollover the old and the new one. */
  signingCerts: string[];
}

export class IdpMetadataError extends Error {
  override name = 'IdpMetadataError';
}

/** An element as the reader below gives it: attributes under `$`, text under `_`, children by name. */
interface XmlElement {
  $?: Record<string, string>;
  _?: string;
  [child: string]: XmlElement[] | Record<string, string> | string | undefined;
}

/** A metadata document's elements: a federation aggregate has thousands; one IdP's a few dozen. */
const METADATA_MAX_ELEMENTS = 20_000;
const METADATA_MAX_DEPTH = 24;

/**
 * The metadata as a tree of plain objects, read by saxes (which never reads a DTD nor expands an
 * entity): each element under its local name (namespace prefixes dropped) in an array of its
 * parent, its attributes under `$` and its text under `_`, the root element under its own name —
 * the shape node-saml's own reading gives, through public packages only.
 */
function readXml(xml: string): Record<string, XmlElement> {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const root: XmlElement = {};
  const open: XmlElement[] = [root];
  let elements = 0;
  parser.on('opentag', (tag) => {
    elements += 1;
    if (elements > METADATA_MAX_ELEMENTS || open.length > METADATA_MAX_DEPTH) {
      throw new IdpMetadataError('the metadata is larger than one identity provider’s');
    }
    const element: XmlElement = {};
    const attributes = Object.values(tag.attributes).filter(
      (a) => a.prefix !== 'xmlns' && a.name !== 'xmlns',
    );
    if (attributes.length > 0) {
      element.$ = Object.fromEntries(attributes.map((a) => [a.local, a.value]));
    }
    const parent = open.at(-1) as XmlElement;
    const siblings = parent[tag.local];
    if (Array.isArray(siblings)) siblings.push(element);
    else parent[tag.local] = [element];
    open.push(element);
  });
  parser.on('text', (text) => {
    const element = open.at(-1) as XmlElement;
    if (open.length > 1 && text.trim() !== '') element._ = (element._ ?? '') + text;
  });
  parser.on('closetag', () => {
    open.pop();
  });
  parser.write(xml).close();
  // The root element itself, not an array of one.
  return Object.fromEntries(
    Object.entries(root).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
  ) as Record<string, XmlElement>;
}

const pem = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${(base64.replace(/\s+/g, '').match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----\n`;

const attributes = <T extends z.ZodRawShape>(shape: T) => z.object({ $: z.object(shape) });
const endpoint = attributes({ Binding: z.string(), Location: z.string() });
const certificate = z.object({ _: z.string() }).or(z.string());
const keyDescriptor = z.object({
  $: z.object({ use: z.string().optional() }).optional(),
  KeyInfo: z
    .array(z.object({ X509Data: z.array(z.object({ X509Certificate: z.array(certificate) })) }))
    .optional(),
});
/** An entity as `readXml` gives it (prefixes stripped, attributes under `$`). */
const entitySchema = z.object({
  $: z.object({ entityID: z.string().optional() }),
  IDPSSODescriptor: z
    .array(
      z.object({
        $: z.object({ protocolSupportEnumeration: z.string() }),
        KeyDescriptor: z.array(keyDescriptor).optional(),
        SingleSignOnService: z.array(endpoint).optional(),
        SingleLogoutService: z.array(endpoint).optional(),
      }),
    )
    .optional(),
});
type Entity = z.infer<typeof entitySchema>;
const documentSchema = z.union([
  z.object({ EntityDescriptor: entitySchema }),
  z.object({
    EntitiesDescriptor: z.object({ EntityDescriptor: z.array(entitySchema).optional() }),
  }),
]);

const httpsOrLoopback = (value: string | null): string | undefined => {
  const url = value ? URL.parse(value) : null;
  if (!url) return undefined;
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  return url.protocol === 'https:' || (url.protocol === 'http:' && loopback) ? url.href : undefined;
};

/**
 * Reads an IdP's metadata: an EntityDescriptor (or the one entity of an EntitiesDescriptor) with an
 * IDPSSODescriptor for SAML 2.0, its HTTP-Redirect sign-on address, its logout address if any, and
 * its signing certificates (KeyDescriptor `use="signing"` or without a use), each of which must parse.
 */
export async function parseIdpMetadata(xml: string): Promise<IdpMetadata> {
  if (Buffer.byteLength(xml) > METADATA_MAX_BYTES) {
    throw new IdpMetadataError('the metadata is larger than 2 MB');
  }
  let parsed;
  try {
    parsed = documentSchema.safeParse(readXml(xml));
  } catch (err) {
    if (err instanceof IdpMetadataError) throw err;
    throw new IdpMetadataError('the metadata is not XML', { cause: err });
  }
  if (!parsed.success) throw new IdpMetadataError('the metadata is not SAML metadata');
  const doc = parsed.data;
  const all: Entity[] =
    'EntityDescriptor' in doc
      ? [doc.EntityDescriptor]
      : (doc.EntitiesDescriptor.EntityDescriptor ?? []);
  const entities = all.filter((e) => (e.IDPSSODescriptor ?? []).length > 0);
  if (entities.length !== 1) {
    throw new IdpMetadataError(`the metadata names ${entities.length} identity providers, not one`);
  }
  const entity = entities[0] as Entity;
  const idp = (entity.IDPSSODescriptor ?? []).find((d) =>
    d.$.protocolSupportEnumeration.split(/\s+/).includes(PROTOCOL),
  );
  if (!idp) throw new IdpMetadataError('the identity provider does not speak SAML 2.0');
  const entityId = entity.$.entityID;
  if (!entityId) throw new IdpMetadataError('the metadata has no entityID');
  const redirectOf = (services: z.infer<typeof endpoint>[] | undefined) =>
    httpsOrLoopback(services?.find((s) => s.$.Binding === REDIRECT)?.$.Location ?? null);
  const ssoUrl = redirectOf(idp.SingleSignOnService);
  if (!ssoUrl) {
    throw new IdpMetadataError('the identity provider has no https HTTP-Redirect sign-on service');
  }
  const signingCerts = (idp.KeyDescriptor ?? [])
    .filter((k) => (k.$?.use ?? 'signing') === 'signing')
    .flatMap((k) => k.KeyInfo ?? [])
    .flatMap((i) => i.X509Data)
    .flatMap((d) => d.X509Certificate)
    .map((c) => pem(typeof c === 'string' ? c : c._));
  if (signingCerts.length === 0)
    throw new IdpMetadataError('the metadata has no signing certificate');
  for (const cert of signingCerts) {
    try {
      new X509Certificate(cert);
    } catch (err) {
      throw new IdpMetadataError('a signing certificate in the metadata does not parse', {
        cause: err,
      });
    }
  }
  return { entityId, ssoUrl, sloUrl: redirectOf(idp.SingleLogoutService), signingCerts };
}
/**
 * Reads the metadata from its file, or fetches it through the bounded outbound request: no redirect
 * followed, within 10 s, the body counted as it arrives and cut off past 2 MB (whatever its length
 * said). The address is the operator's own (`configured`: an IdP on the campus network is allowed).
 */
export async function loadIdpMetadata(
  source: { url: URL } | { file: string },
): Promise<IdpMetadata> {
  if ('file' in source) return parseIdpMetadata(await readFile(source.file, 'utf8'));
  const where = printableUrl(source.url);
  let answer: OutboundAnswer;
  try {
    answer = await outbound({
      url: source.url,
      reach: 'configured',
      limits: { maxBytes: METADATA_MAX_BYTES, timeoutMs: FETCH_TIMEOUT_MS, maxErrorBytes: 0 },
    });
  } catch (err) {
    if (err instanceof OutboundError && err.failure === 'too-large') {
      throw new IdpMetadataError('the metadata is larger than 2 MB', { cause: err });
    }
    const how = err instanceof OutboundError && err.failure === 'redirect' ? 'redirected' : null;
    throw new IdpMetadataError(`${where} ${how ?? 'did not answer'}`, { cause: err });
  }
  if (answer.status < 200 || answer.status > 299) {
    throw new IdpMetadataError(`${where} answered ${answer.status}`);
  }
  return parseIdpMetadata(answer.body.toString('utf8'));
}

import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parseXml2JsFromString } from '@node-saml/node-saml/lib/xml.js';
import { z } from 'zod';

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
/** An entity as node-saml's xml2js reading gives it (prefixes stripped, attributes under `$`). */
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
    parsed = documentSchema.safeParse(await parseXml2JsFromString(xml));
  } catch (err) {
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
/** Reads the metadata from its file, or fetches it (bounded in time and size). */
export async function loadIdpMetadata(
  source: { url: URL } | { file: string },
): Promise<IdpMetadata> {
  if ('file' in source) return parseIdpMetadata(await readFile(source.file, 'utf8'));
  let answer: Response;
  try {
    answer = await fetch(source.url, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (err) {
    throw new IdpMetadataError(`${source.url.href} did not answer`, { cause: err });
  }
  if (!answer.ok) throw new IdpMetadataError(`${source.url.href} answered ${answer.status}`);
  const length = Number(answer.headers.get('content-length') ?? 0);
  if (length > METADATA_MAX_BYTES) throw new IdpMetadataError('the metadata is larger than 2 MB');
  return parseIdpMetadata(await answer.text());
}

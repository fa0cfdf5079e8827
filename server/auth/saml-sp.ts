import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { CacheProvider, SamlConfig as NodeSamlConfig } from '@node-saml/node-saml';
import { parseXml2JsFromString } from '@node-saml/node-saml/lib/xml.js';
import { z } from 'zod';
import type { SamlConfig } from '../config.js';
import type { SamlRequestRecord } from '../db/repositories/saml-requests.repository.js';
import type { IdpMetadata } from './saml-idp-metadata.js';
import { loadIdpMetadata } from './saml-idp-metadata.js';
import type { SamlAttribute } from './saml-attributes.js';
import { SAML_ATTRIBUTES } from './saml-attributes.js';
import { SAML_CLOCK_SKEW_MS, SAML_REQUEST_MINUTES, SamlRefusedError } from './saml-request.js';
import type { SamlSession } from './saml-request.js';

const DAY_MS = 24 * 3_600_000;

const text = z.object({ _: z.string().max(4096) }).or(z.string().max(4096));
const xmlValue = (v: z.infer<typeof text>) => (typeof v === 'string' ? v : v._);
/** The verified assertion as node-saml's xml2js reading gives it (prefixes stripped). */
const assertionSchema = z.object({
  Assertion: z.object({
    Issuer: z.array(text).min(1),
    Subject: z
      .array(
        z.object({
          NameID: z.array(text).optional(),
          SubjectConfirmation: z
            .array(
              z.object({
                $: z.object({ Method: z.string() }).optional(),
                SubjectConfirmationData: z
                  .array(z.object({ $: z.object({ Recipient: z.string().optional() }).optional() }))
                  .optional(),
              }),
            )
            .optional(),
        }),
      )
      .min(1),
    AttributeStatement: z
      .array(
        z.object({
          Attribute: z
            .array(
              z.object({
                $: z.object({ Name: z.string(), FriendlyName: z.string().optional() }),
                AttributeValue: z.array(z.unknown()).optional(),
              }),
            )
            .optional(),
        }),
      )
      .optional(),
  }),
});

const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/** What a verified response says: who signed in, and what single logout needs of it. */
export interface SamlSignIn {
  nameId: string;
  nameIdFormat: string | undefined;
  sessionIndex: string | undefined;
  attributes: SamlAttribute[];
  /** Where the person asked to go (as stored at /auth/login). */
  next: string;
}

export type { SamlSession };

const noCache: CacheProvider = {
  saveAsync: async () => null,
  getAsync: async () => null,
  removeAsync: async () => null,
};

/**
 * The SAML 2.0 service provider: AuthnRequests by HTTP-Redirect, responses by HTTP-POST, single
 * logout by HTTP-Redirect. node-saml checks the signatures (against every signing certificate of the
 * IdP's metadata), the times, the audience and InResponseTo; this class adds the store of requests
 * (one use, bound to the browser), the issuer, Destination and Recipient, and reads the attributes.
 */
export class SamlServiceProvider {
  private refresher: NodeJS.Timeout | undefined;

  private constructor(
    private readonly cfg: SamlConfig,
    private idp: IdpMetadata,
  ) {}

  /** Reads the IdP's metadata; a start without it is refused. */
  static async load(cfg: SamlConfig): Promise<SamlServiceProvider> {
    return new SamlServiceProvider(cfg, await loadIdpMetadata(cfg.idpMetadata));
  }

  get identityProvider(): IdpMetadata {
    return this.idp;
  }

  /** Reads the metadata again; on failure the last good one stays (and the error is the caller's). */
  async refresh(): Promise<void> {
    this.idp = await loadIdpMetadata(this.cfg.idpMetadata);
  }

  /** Refreshes the metadata daily (new signing certificates at a rollover) until `stop`. */
  refreshDaily(onError: (err: unknown) => void): void {
    this.refresher = setInterval(() => void this.refresh().catch(onError), DAY_MS);
    this.refresher.unref();
  }

  stop(): void {
    clearInterval(this.refresher);
  }

  private saml(cacheProvider: CacheProvider): SAML {
    const options: NodeSamlConfig = {
      callbackUrl: this.cfg.acsUrl,
      entryPoint: this.idp.ssoUrl,
      issuer: this.cfg.entityId,
      audience: this.cfg.entityId,
      idpCert: this.idp.signingCerts,
      idpIssuer: this.idp.entityId,
      privateKey: this.cfg.privateKey,
      decryptionPvk: this.cfg.privateKey,
      signatureAlgorithm: 'sha256',
      digestAlgorithm: 'sha256',
      // Shibboleth signs the response by default, not the assertion: either signature covering the
      // assertion is accepted, never none (node-saml checks the assertion's when the response has none).
      wantAssertionsSigned: false,
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: SAML_REQUEST_MINUTES * 60_000,
      acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
      identifierFormat: null,
      disableRequestedAuthnContext: true,
      logoutUrl: this.idp.sloUrl ?? this.idp.ssoUrl,
      logoutCallbackUrl: this.cfg.sloUrl,
      cacheProvider,
    };
    return new SAML(options);
  }

  /** The IdP's address for a new sign-in; the request is kept with the browser's hash and `next`. */
  async start(
    next: string,
    browserHash: string,
    now: Date,
    save: (record: SamlRequestRecord) => Promise<void>,
  ): Promise<string> {
    const saml = this.saml({
      ...noCache,
      saveAsync: async (id, value) => {
        const expiresAt = new Date(now.getTime() + SAML_REQUEST_MINUTES * 60_000);
        await save({ id, browserHash, next, createdAt: now, expiresAt });
        return { value, createdAt: now.getTime() };
      },
    });
    return saml.getAuthorizeUrlAsync('', undefined, {});
  }

  /**
   * Checks a POSTed SAMLResponse. `take` hands over (and deletes) the stored request the response
   * answers, when this browser started it: a response is accepted once, on whichever process.
   */
  async finish(
    samlResponse: string,
    take: (id: string) => Promise<SamlRequestRecord | undefined>,
  ): Promise<SamlSignIn> {
    const taken = new Map<string, SamlRequestRecord | undefined>();
    const cache: CacheProvider = {
      ...noCache,
      getAsync: async (id) => {
        if (!taken.has(id)) taken.set(id, await take(id));
        return taken.get(id)?.createdAt.toISOString() ?? null;
      },
    };
    let result;
    try {
      result = await this.saml(cache).validatePostResponseAsync({ SAMLResponse: samlResponse });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new SamlRefusedError(reasonOf(message), message, { cause: err });
    }
    const { profile } = result;
    if (!profile) throw new SamlRefusedError('no-assertion', 'the response carries no sign-in');
    const request = [...taken.values()].find((r) => r !== undefined);
    if (!request) throw new SamlRefusedError('unsolicited', 'no request of this browser answered');
    const parsed = assertionSchema.safeParse(profile.getAssertion?.());
    if (!parsed.success) throw new SamlRefusedError('malformed', 'the assertion cannot be read');
    const assertion = parsed.data.Assertion;
    const [first] = assertion.Issuer;
    const issuer = first === undefined ? '' : xmlValue(first);
    if (issuer !== this.idp.entityId) {
      throw new SamlRefusedError('issuer', `the assertion is from ${issuer}`);
    }
    const bearers = (assertion.Subject[0]?.SubjectConfirmation ?? []).filter(
      (c) => c.$?.Method === BEARER,
    );
    const recipients = bearers.flatMap((c) =>
      (c.SubjectConfirmationData ?? []).map((d) => d.$?.Recipient),
    );
    if (!recipients.includes(this.cfg.acsUrl)) {
      throw new SamlRefusedError('recipient', `the assertion is for ${recipients.join(', ')}`);
    }
    const destination = await destinationOf(profile.getSamlResponseXml?.() ?? '');
    if (destination !== null && destination !== this.cfg.acsUrl) {
      throw new SamlRefusedError('destination', `the response is for ${destination}`);
    }
    const attributes = (assertion.AttributeStatement ?? [])
      .flatMap((s) => s.Attribute ?? [])
      .map((a) => ({
        name: a.$.Name,
        friendlyName: a.$.FriendlyName,
        values: (a.AttributeValue ?? []).flatMap((v) => {
          const value = text.safeParse(v);
          return value.success ? [xmlValue(value.data)] : [];
        }),
      }));
    return {
      nameId: profile.nameID,
      nameIdFormat: profile.nameIDFormat,
      sessionIndex: profile.sessionIndex,
      attributes,
      next: request.next,
    };
  }

  /** The IdP's single logout address for a session, or null when the IdP offers none. */
  async logoutUrl(session: SamlSession): Promise<string | null> {
    if (!this.idp.sloUrl) return null;
    return this.saml(noCache).getLogoutUrlAsync(
      {
        issuer: this.cfg.entityId,
        nameID: session.nameId,
        nameIDFormat:
          session.nameIdFormat ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
        ...(session.sessionIndex ? { sessionIndex: session.sessionIndex } : {}),
      },
      '',
      {},
    );
  }

  /**
   * A LogoutRequest the IdP sent by HTTP-Redirect (a logout it started): it must be signed by the
   * IdP (node-saml lets an unsigned one through, so the signature's presence is checked here).
   * Answers the address of the LogoutResponse to send the browser to.
   */
  async answerLogoutRequest(
    query: { SAMLRequest: string; RelayState?: string; SigAlg?: string; Signature?: string },
    rawQuery: string,
  ): Promise<string> {
    if (!query.Signature || !query.SigAlg) {
      throw new SamlRefusedError('signature', 'the logout request is not signed');
    }
    const saml = this.saml(noCache);
    let profile;
    try {
      ({ profile } = await saml.validateRedirectAsync(query, rawQuery));
    } catch (err) {
      throw new SamlRefusedError(
        'invalid-logout',
        err instanceof Error ? err.message : String(err),
        {
          cause: err,
        },
      );
    }
    if (!profile) throw new SamlRefusedError('invalid-logout', 'the logout request names nobody');
    return saml.getLogoutResponseUrlAsync(profile, query.RelayState ?? '', {}, true);
  }

  /** The portal's metadata for the IdP team (SAML 2.0 metadata, unsigned). */
  metadata(productName: string): string {
    return spMetadata(this.cfg, productName);
  }
}

/** The root element's Destination, or null when the response has none. */
const responseSchema = z.object({
  Response: z.object({ $: z.object({ Destination: z.string().optional() }) }),
});
async function destinationOf(xml: string): Promise<string | null> {
  const parsed = responseSchema.safeParse(await parseXml2JsFromString(xml));
  if (!parsed.success) throw new SamlRefusedError('malformed', 'the response cannot be read');
  return parsed.data.Response.$.Destination ?? null;
}

/** node-saml's messages, in a word for the audit log. */
function reasonOf(message: string): string {
  if (/InResponseTo/i.test(message)) return 'in-response-to';
  if (/signature/i.test(message)) return 'signature';
  if (/audience/i.test(message)) return 'audience';
  if (/expired|not yet valid|NotBefore|NotOnOrAfter|subject confirmation/i.test(message)) {
    return 'expired';
  }
  if (/status|error:/i.test(message)) return 'idp-status';
  return 'invalid-response';
}

const escapeXml = (value: string) =>
  value.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

const certBody = (pem: string) =>
  pem
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '')
    .match(/.{1,64}/g)
    ?.join('\n') ?? '';

/** The attributes the portal asks for: the username's, the groups', and mail and names. */
function requestedAttributes(cfg: SamlConfig): [string, string, boolean][] {
  const wanted: [string, boolean][] = [
    [cfg.usernameAttribute, true],
    ['mail', false],
    ['givenName', false],
    ['sn', false],
    ['displayName', false],
    [cfg.groupsAttribute, false],
  ];
  const seen = new Set<string>();
  return wanted.flatMap(([name, required]) => {
    const oid = SAML_ATTRIBUTES[name as keyof typeof SAML_ATTRIBUTES] ?? name;
    if (name === 'NameID' || seen.has(oid)) return [];
    seen.add(oid);
    const friendly = oid === name ? '' : name;
    return [[oid, friendly, required]];
  });
}

function spMetadata(cfg: SamlConfig, productName: string): string {
  const key = (use: string) =>
    `    <md:KeyDescriptor use="${use}">
      <ds:KeyInfo>
        <ds:X509Data>
          <ds:X509Certificate>${certBody(cfg.certificate)}</ds:X509Certificate>
        </ds:X509Data>
      </ds:KeyInfo>
    </md:KeyDescriptor>`;
  const uri = 'urn:oasis:names:tc:SAML:2.0:attrname-format:uri';
  const attributes = requestedAttributes(cfg)
    .map(
      ([oid, friendly, required]) =>
        `      <md:RequestedAttribute Name="${escapeXml(oid)}"${friendly ? ` FriendlyName="${escapeXml(friendly)}"` : ''} NameFormat="${uri}" isRequired="${required}"/>`,
    )
    .join('\n');
  const bindings = 'urn:oasis:names:tc:SAML:2.0:bindings';
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${escapeXml(cfg.entityId)}">
  <md:SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" AuthnRequestsSigned="true" WantAssertionsSigned="false">
${key('signing')}
${key('encryption')}
    <md:SingleLogoutService Binding="${bindings}:HTTP-Redirect" Location="${escapeXml(cfg.sloUrl)}"/>
    <md:AssertionConsumerService Binding="${bindings}:HTTP-POST" Location="${escapeXml(cfg.acsUrl)}" index="0" isDefault="true"/>
    <md:AttributeConsumingService index="0" isDefault="true">
      <md:ServiceName xml:lang="en">${escapeXml(productName)}</md:ServiceName>
${attributes}
    </md:AttributeConsumingService>
  </md:SPSSODescriptor>
</md:EntityDescriptor>
`;
}

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as validator from '@authenio/samlify-node-xmllint';
import * as samlify from 'samlify';

samlify.setSchemaValidator(validator);

/** A key pair and a self-signed certificate made now, for this run only (PEM). */
export interface TestKeyPair {
  key: string;
  cert: string;
}

/** Makes a fresh RSA key and a self-signed certificate for it with openssl, valid for a day. */
export function makeKeyPair(commonName: string): TestKeyPair {
  const dir = mkdtempSync(join(tmpdir(), 'saml-keys-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-days',
        '1',
        '-subj',
        `/CN=${commonName}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes text to a new file of its own under the system's temporary folder; answers its path. */
export function tempFile(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'saml-')), name);
  writeFileSync(path, text);
  return path;
}

const BINDINGS = 'urn:oasis:names:tc:SAML:2.0:bindings';
const URI = 'urn:oasis:names:tc:SAML:2.0:attrname-format:uri';

/** A person at the test IdP: their NameID and attributes, released by OID name as Shibboleth does. */
export interface TestIdpUser {
  nameId: string;
  /** OID (or any Name) → values; a FriendlyName is added for the names the portal knows. */
  attributes: Record<string, string[]>;
  /** Release the attributes by friendly Name only, as some IdPs do. */
  friendlyNamesOnly?: boolean;
}

const FRIENDLY: Record<string, string> = {
  'urn:oid:1.3.6.1.4.1.5923.1.1.1.6': 'eduPersonPrincipalName',
  'urn:oid:0.9.2342.19200300.100.1.1': 'uid',
  'urn:oid:0.9.2342.19200300.100.1.3': 'mail',
  'urn:oid:2.5.4.42': 'givenName',
  'urn:oid:2.5.4.4': 'sn',
  'urn:oid:1.3.6.1.4.1.5923.1.5.1.1': 'isMemberOf',
  'urn:oid:1.3.6.1.4.1.5923.1.1.1.7': 'eduPersonEntitlement',
};

const escapeXml = (value: string) =>
  value.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

function attributeStatement(user: TestIdpUser): string {
  const attributes = Object.entries(user.attributes).map(([name, values]) => {
    const friendly = FRIENDLY[name];
    const nameAttrs =
      user.friendlyNamesOnly && friendly
        ? `Name="${friendly}"`
        : `Name="${escapeXml(name)}" NameFormat="${URI}"${friendly ? ` FriendlyName="${friendly}"` : ''}`;
    const valueXml = values
      .map((v) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(v)}</saml:AttributeValue>`)
      .join('');
    return `<saml:Attribute ${nameAttrs}>${valueXml}</saml:Attribute>`;
  });
  return `<saml:AttributeStatement>${attributes.join('')}</saml:AttributeStatement>`;
}

/** What a test may change in a response: the values samlify would put in its template. */
export type ResponseOverrides = Partial<{
  Audience: string;
  Destination: string;
  SubjectRecipient: string;
  InResponseTo: string;
  Issuer: string;
  ConditionsNotBefore: string;
  ConditionsNotOnOrAfter: string;
  SubjectConfirmationDataNotOnOrAfter: string;
  IssueInstant: string;
  StatusCode: string;
}>;

/**
 * A SAML identity provider (samlify's IdentityProvider, its XML checked by xmllint) with a key of its
 * own: its metadata for the portal, and signed responses to the portal's AuthnRequests.
 */
export class TestIdp {
  readonly idp: samlify.IdentityProviderInstance;
  readonly keys: TestKeyPair;

  constructor(
    readonly options: {
      entityId: string;
      ssoUrl: string;
      sloUrl?: string;
      keys?: TestKeyPair;
      /** Several signing certificates in the metadata (a rollover): the extra ones. */
      extraCerts?: string[];
      encryptAssertions?: boolean;
      /** The signature algorithm of responses and logout requests (RSA-SHA256 unless given). */
      signatureAlgorithm?: string;
    },
  ) {
    this.keys = options.keys ?? makeKeyPair('Test IdP');
    this.idp = samlify.IdentityProvider({
      entityID: options.entityId,
      privateKey: this.keys.key,
      signingCert: this.keys.cert,
      encryptCert: this.keys.cert,
      requestSignatureAlgorithm:
        options.signatureAlgorithm ?? 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      isAssertionEncrypted: options.encryptAssertions ?? false,
      singleSignOnService: [{ Binding: `${BINDINGS}:HTTP-Redirect`, Location: options.ssoUrl }],
      singleLogoutService: options.sloUrl
        ? [{ Binding: `${BINDINGS}:HTTP-Redirect`, Location: options.sloUrl }]
        : [],
      nameIDFormat: ['urn:oasis:names:tc:SAML:2.0:nameid-format:persistent'],
    });
  }

  /** The IdP's metadata; with `extraCerts`, each as one more signing KeyDescriptor. */
  metadata(): string {
    const xml = this.idp.getMetadata();
    const extra = (this.options.extraCerts ?? [])
      .map(
        (cert) =>
          `<KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${cert.replace(/-----[A-Z ]+-----|\s/g, '')}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></KeyDescriptor>`,
      )
      .join('');
    return xml.replace(/(<IDPSSODescriptor[^>]*>)/, `$1${extra}`);
  }

  /** The portal as samlify sees it, from the metadata the portal serves. */
  static sp(portalMetadata: string): samlify.ServiceProviderInstance {
    return samlify.ServiceProvider({ metadata: portalMetadata });
  }

  /** Reads the portal's AuthnRequest from its redirect address (its signature checked by samlify). */
  async readRequest(sp: samlify.ServiceProviderInstance, location: string) {
    const url = new URL(location);
    const octetString = url.search
      .slice(1)
      .split('&')
      .filter((p) => !p.startsWith('Signature='))
      .join('&');
    const query = Object.fromEntries(url.searchParams);
    const info = await this.idp.parseLoginRequest(sp, 'redirect', { query, octetString });
    const id: unknown = info.extract?.request?.id;
    if (typeof id !== 'string') throw new Error('the AuthnRequest has no ID');
    return { info, id };
  }

  /**
   * A signed SAMLResponse (base64) for `user` to the request `inResponseTo`, as samlify's IdP makes
   * it (signed response; the assertion encrypted first when the IdP is so set up, as Shibboleth
   * does); `overrides` change values.
   */
  async respond(
    sp: samlify.ServiceProviderInstance,
    inResponseTo: string,
    user: TestIdpUser,
    overrides: ResponseOverrides = {},
  ): Promise<string> {
    const info = { extract: { request: { id: inResponseTo } } };
    const answer = await this.idp.createLoginResponse(
      sp,
      info,
      'post',
      { email: user.nameId },
      (template) => {
        const now = new Date();
        const later = new Date(now.getTime() + 5 * 60_000).toISOString();
        const acs = String(sp.entityMeta.getAssertionConsumerService('post'));
        const values = {
          ID: `_${crypto.randomUUID()}`,
          AssertionID: `_${crypto.randomUUID()}`,
          Destination: acs,
          Audience: sp.entityMeta.getEntityID(),
          SubjectRecipient: acs,
          Issuer: this.options.entityId,
          IssueInstant: now.toISOString(),
          StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
          ConditionsNotBefore: now.toISOString(),
          ConditionsNotOnOrAfter: later,
          SubjectConfirmationDataNotOnOrAfter: later,
          NameIDFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
          NameID: user.nameId,
          InResponseTo: inResponseTo,
          ...overrides,
        };
        // The statements are XML: put in as they are (samlify escapes every value it replaces).
        const withStatements = template
          .replace(
            '{AuthnStatement}',
            `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_session-${crypto.randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
          )
          .replace('{AttributeStatement}', attributeStatement(user));
        return {
          id: values.ID,
          context: samlify.SamlLib.replaceTagsByValue(withStatements, values),
        };
      },
      this.options.encryptAssertions ?? false,
    );
    return answer.context;
  }

  /**
   * A logout the IdP starts (HTTP-Redirect, signed): the portal's /auth/saml/slo address with it.
   * It names `nameId` and, when given, `sessionIndex`; it is valid five minutes unless
   * `notOnOrAfter` says otherwise (null: no NotOnOrAfter at all).
   */
  logoutRequest(
    sp: samlify.ServiceProviderInstance,
    nameId: string,
    options: { sessionIndex?: string; notOnOrAfter?: string | null; relayState?: string } = {},
  ): string {
    const signing = samlify.ServiceProvider({
      metadata: sp.entityMeta.getMetadata(),
      wantLogoutRequestSigned: true,
    });
    const until =
      options.notOnOrAfter === undefined
        ? new Date(Date.now() + 5 * 60_000).toISOString()
        : options.notOnOrAfter;
    const { context } = this.idp.createLogoutRequest(
      signing,
      'redirect',
      { logoutNameID: nameId },
      {
        relayState: options.relayState ?? '',
        customTagReplacement: () => {
          const id = `_${crypto.randomUUID()}`;
          const xml =
            `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${escapeXml(String(sp.entityMeta.getSingleLogoutService('redirect')))}"` +
            (until === null ? '' : ` NotOnOrAfter="${until}"`) +
            `><saml:Issuer>${escapeXml(this.options.entityId)}</saml:Issuer>` +
            `<saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${escapeXml(nameId)}</saml:NameID>` +
            (options.sessionIndex === undefined
              ? ''
              : `<samlp:SessionIndex>${escapeXml(options.sessionIndex)}</samlp:SessionIndex>`) +
            `</samlp:LogoutRequest>`;
          return { id, context: xml };
        },
      },
    );
    return context;
  }

  /** The same response without any signature: what an attacker without the IdP's key can make. */
  async unsignedResponse(
    sp: samlify.ServiceProviderInstance,
    inResponseTo: string,
    user: TestIdpUser,
  ) {
    const signed = Buffer.from(await this.respond(sp, inResponseTo, user), 'base64').toString(
      'utf8',
    );
    return Buffer.from(signed.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '')).toString(
      'base64',
    );
  }
}

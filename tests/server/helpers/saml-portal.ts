import { sign } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ServiceProviderInstance } from 'samlify';
import type { TestIdp, TestKeyPair } from './saml-idp.js';
import { tempFile } from './saml-idp.js';

/*
 * The portal side of the SAML suites and the SAML probe benchmark: its environment for a test IdP,
 * a browser's start of a sign-in, a POST to the ACS, and hand-made redirect-bound messages.
 */

export const PORTAL = 'http://127.0.0.1:8080';
export const IDP = 'https://idp.campus.test/idp/shibboleth';
export const SSO = 'https://idp.campus.test/idp/profile/SAML2/Redirect/SSO';
export const SLO = 'https://idp.campus.test/idp/profile/SAML2/Redirect/SLO';
export const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
export const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
export const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';

/** The SAML_* variables for `idp`, the portal signing with `spKeys`. */
export function samlEnvFor(idp: TestIdp, spKeys: TestKeyPair, more: Record<string, string> = {}) {
  return {
    SAML_IDP_METADATA: tempFile('idp.xml', idp.metadata()),
    SAML_SP_KEY_FILE: tempFile('sp.key', spKeys.key),
    SAML_SP_CERT_FILE: tempFile('sp.crt', spKeys.cert),
    PUBLIC_ORIGIN: PORTAL,
    ...more,
  };
}

export const cookieOf = (answer: LightMyRequestResponse, name: string) => {
  const found = answer.cookies.find((c) => c.name === name);
  if (!found) throw new Error(`no ${name} cookie in answer ${answer.statusCode}`);
  return `${name}=${found.value}`;
};

/** /auth/login as a browser: the IdP's address, the request's id and the browser's cookie. */
export async function startSamlSignIn(
  app: FastifyInstance,
  idp: TestIdp,
  sp: ServiceProviderInstance,
  next = '/academics',
  remoteAddress?: string,
) {
  const start = await app.inject({
    url: `/auth/login?next=${encodeURIComponent(next)}`,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (start.statusCode !== 303) throw new Error(`/auth/login answered ${start.statusCode}`);
  const location = String(start.headers.location);
  const { id } = await idp.readRequest(sp, location);
  return { location, id, cookie: cookieOf(start, 'portal_saml_request') };
}

/** The IdP's POST of `samlResponse` (base64) to the ACS, from the IdP's site, as a browser does. */
export function postSamlResponse(
  app: FastifyInstance,
  samlResponse: string,
  cookie: string,
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/auth/saml/acs',
    payload: new URLSearchParams({ SAMLResponse: samlResponse }).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
      cookie,
      origin: 'https://idp.campus.test',
    },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/**
 * A redirect-bound message as an IdP sends it (SAML bindings §3.4.4.1): `xml` deflated, and
 * signed over the query with `key` when one is given (the /auth/saml/slo query, from `?`).
 */
export function redirectQuery(
  xml: string,
  options: { key?: string; sigAlg?: string; relayState?: string; deflated?: Buffer } = {},
): string {
  const message = (options.deflated ?? deflateRawSync(Buffer.from(xml))).toString('base64');
  const parts = [`SAMLRequest=${encodeURIComponent(message)}`];
  if (options.relayState !== undefined) {
    parts.push(`RelayState=${encodeURIComponent(options.relayState)}`);
  }
  if (!options.key) return `?${parts.join('&')}`;
  const sigAlg = options.sigAlg ?? RSA_SHA256;
  parts.push(`SigAlg=${encodeURIComponent(sigAlg)}`);
  const hash = sigAlg === RSA_SHA1 ? 'sha1' : 'sha256';
  const signature = sign(hash, Buffer.from(parts.join('&')), options.key).toString('base64');
  return `?${parts.join('&')}&Signature=${encodeURIComponent(signature)}`;
}

/** A LogoutRequest of the IdP naming `nameId` (and `sessionIndex`), valid until `notOnOrAfter`. */
export function logoutRequestXml(
  nameId: string,
  options: { sessionIndex?: string; notOnOrAfter?: string | null; id?: string } = {},
): string {
  const until =
    options.notOnOrAfter === undefined
      ? new Date(Date.now() + 5 * 60_000).toISOString()
      : options.notOnOrAfter;
  return (
    `<samlp:LogoutRequest xmlns:samlp="${PROTOCOL}" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${options.id ?? `_${crypto.randomUUID()}`}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${PORTAL}/auth/saml/slo"` +
    (until === null ? '' : ` NotOnOrAfter="${until}"`) +
    `><saml:Issuer>${IDP}</saml:Issuer><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${nameId}</saml:NameID>` +
    (options.sessionIndex
      ? `<samlp:SessionIndex>${options.sessionIndex}</samlp:SessionIndex>`
      : '') +
    `</samlp:LogoutRequest>`
  );
}

/** The probe's documents: each must be refused before any XML library sees it. */
export const probes = {
  /** 40,000 empty siblings under a Response answering `inResponseTo` (216 KB base64). */
  siblings: (inResponseTo: string) =>
    `<samlp:Response xmlns:samlp="${PROTOCOL}" ID="_probe" Version="2.0" IssueInstant="${new Date().toISOString()}" InResponseTo="${inResponseTo}">${'<a/>'.repeat(40_000)}</samlp:Response>`,
  /** An entity bomb (billion laughs) in a Response. */
  entities: (inResponseTo: string) => {
    const levels = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`,
    ).join('');
    return `<?xml version="1.0"?><!DOCTYPE samlp:Response [<!ENTITY l0 "lol">${levels}]><samlp:Response xmlns:samlp="${PROTOCOL}" ID="_probe" Version="2.0" InResponseTo="${inResponseTo}">&l9;</samlp:Response>`;
  },
  /** 20,000 elements nested in one another. */
  nested: (inResponseTo: string) =>
    `<samlp:Response xmlns:samlp="${PROTOCOL}" ID="_probe" Version="2.0" InResponseTo="${inResponseTo}">${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}</samlp:Response>`,
  /**
   * The probe's 9.7 KB logout request: a LogoutRequest of 1.8 million siblings, 7.2 MB inflated,
   * 7.1 KB deflated (9.6 KB in the query string, under a server's 16 KB of request head).
   */
  sloBomb: () =>
    deflateRawSync(
      Buffer.from(
        `<samlp:LogoutRequest xmlns:samlp="${PROTOCOL}" ID="_bomb" Version="2.0">${'<a/>'.repeat(1_800_000)}</samlp:LogoutRequest>`,
      ),
      { level: 9 },
    ),
};

import { X509Certificate, verify } from 'node:crypto';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { SamlRefusedError } from './saml-request.js';
import { SAML_XML_MAX_BYTES } from './saml-shape.js';

/*
 * The HTTP-Redirect binding (SAML bindings §3.4.4.1) before any XML: the signature is checked over
 * the query string exactly as received, and only a message the IdP signed is inflated, within a
 * bound. An anonymous link to /auth/saml/slo costs one RSA verification at most.
 */

const inflate = promisify(inflateRaw);

/** The signature algorithms accepted in SigAlg, by URI, and the hash each verifies with. */
const SIG_ALGS: Record<string, string> = {
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha384': 'sha384',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512': 'sha512',
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1': 'sha1',
};

const NAMES = ['SAMLRequest', 'SAMLResponse', 'RelayState', 'SigAlg', 'Signature'] as const;
type Name = (typeof NAMES)[number];

/** The binding's parameters as they came (still URL-encoded); a repeated one is refused. */
function rawParameters(rawQuery: string): Partial<Record<Name, string>> {
  const found: Partial<Record<Name, string>> = {};
  for (const part of rawQuery.split('&')) {
    const at = part.indexOf('=');
    const name = at < 0 ? part : part.slice(0, at);
    if (!(NAMES as readonly string[]).includes(name)) continue;
    if (found[name as Name] !== undefined) {
      throw new SamlRefusedError('malformed', `${name} is given twice`);
    }
    found[name as Name] = at < 0 ? '' : part.slice(at + 1);
  }
  return found;
}

const decode = (raw: string) => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw new SamlRefusedError('malformed', 'a parameter is not URL-encoded');
  }
};

/**
 * Checks the Signature over `SAMLRequest=…[&RelayState=…]&SigAlg=…` of the raw query against the
 * IdP's signing certificates; answers the message's deflated bytes once it is verified.
 */
export function verifyRedirectSignature(
  rawQuery: string,
  certificates: readonly string[],
  allowSha1: boolean,
): { kind: 'SAMLRequest' | 'SAMLResponse'; deflated: Buffer } {
  const raw = rawParameters(rawQuery);
  const kind = raw.SAMLRequest !== undefined ? 'SAMLRequest' : 'SAMLResponse';
  const message = raw[kind];
  if (message === undefined || (raw.SAMLRequest !== undefined && raw.SAMLResponse !== undefined)) {
    throw new SamlRefusedError('malformed', 'one SAMLRequest or SAMLResponse is needed');
  }
  if (raw.Signature === undefined || raw.SigAlg === undefined) {
    throw new SamlRefusedError('signature', 'the message is not signed');
  }
  const sigAlg = decode(raw.SigAlg);
  const hash = SIG_ALGS[sigAlg];
  if (!hash)
    throw new SamlRefusedError('signature', `SigAlg ${sigAlg.slice(0, 100)} is not accepted`);
  if (hash === 'sha1' && !allowSha1) {
    throw new SamlRefusedError('sha1', 'the message is signed with SHA-1');
  }
  const signed = [
    `${kind}=${message}`,
    ...(raw.RelayState !== undefined ? [`RelayState=${raw.RelayState}`] : []),
    `SigAlg=${raw.SigAlg}`,
  ].join('&');
  const signature = Buffer.from(decode(raw.Signature), 'base64');
  const data = Buffer.from(signed, 'utf8');
  const valid = certificates.some((pem) => {
    try {
      return verify(hash, data, new X509Certificate(pem).publicKey, signature);
    } catch {
      return false;
    }
  });
  if (!valid) throw new SamlRefusedError('signature', 'the query signature does not verify');
  return { kind, deflated: Buffer.from(decode(message), 'base64') };
}

/** Inflates a verified message, refusing one that would grow past the document bound. */
export async function inflateBounded(deflated: Buffer): Promise<string> {
  try {
    const xml = await inflate(deflated, { maxOutputLength: SAML_XML_MAX_BYTES });
    return xml.toString('utf8');
  } catch (err) {
    throw new SamlRefusedError('malformed', 'the message does not inflate within its bound', {
      cause: err,
    });
  }
}

import type { CacheProvider, SamlConfig as NodeSamlConfig } from '@node-saml/node-saml';
import { ValidateInResponseTo } from '@node-saml/node-saml';
import { SAML_CLOCK_SKEW_MS, SAML_REQUEST_MINUTES } from './saml-request.js';

/*
 * What the SAML thread (saml-worker.ts) is given and gives back: plain data only, as it crosses a
 * thread boundary by copy. The node-saml options are made from it on either side, one way.
 */

/** The service provider and its IdP, as node-saml needs them. */
export interface SamlSetup {
  entityId: string;
  acsUrl: string;
  sloUrl: string;
  privateKey: string;
  idpEntityId: string;
  idpSsoUrl: string;
  idpSloUrl: string | undefined;
  idpCerts: string[];
  allowSha1: boolean;
}

/** A POSTed response, and the request of this browser it may answer (from its sealed cookie). */
export interface ResponseTask {
  kind: 'response';
  setup: SamlSetup;
  samlResponse: string;
  pending: { id: string; createdAt: number };
}

/** A LogoutRequest by HTTP-Redirect: its query as parsed, and raw (the signature's octets). */
export interface LogoutTask {
  kind: 'logout';
  setup: SamlSetup;
  query: { SAMLRequest: string; RelayState?: string; SigAlg: string; Signature: string };
  rawQuery: string;
}

/** Loads the thread's libraries ahead of the first message; answers nothing. */
export interface WarmTask {
  kind: 'warm';
}

export type SamlTask = ResponseTask | LogoutTask | WarmTask;

export type SamlOutcome =
  | {
      ok: true;
      nameId: string;
      nameIdFormat: string | undefined;
      sessionIndex: string | undefined;
      /** The verified assertion as xml2js reads it (a response), checked by the caller's schema. */
      assertion: unknown;
      /** The LogoutRequest's ID (a logout). */
      id: string | undefined;
    }
  | { ok: false; reason: string; message: string };

export const noCache: CacheProvider = {
  saveAsync: async () => null,
  getAsync: async () => null,
  removeAsync: async () => null,
};

/** node-saml's options for `setup`, with `cacheProvider` for InResponseTo. */
export function nodeSamlOptions(setup: SamlSetup, cacheProvider: CacheProvider): NodeSamlConfig {
  return {
    callbackUrl: setup.acsUrl,
    entryPoint: setup.idpSsoUrl,
    issuer: setup.entityId,
    audience: setup.entityId,
    idpCert: setup.idpCerts,
    idpIssuer: setup.idpEntityId,
    privateKey: setup.privateKey,
    decryptionPvk: setup.privateKey,
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
    logoutUrl: setup.idpSloUrl ?? setup.idpSsoUrl,
    logoutCallbackUrl: setup.sloUrl,
    cacheProvider,
  };
}

/** node-saml's messages, in a word for the audit log. */
export function reasonOf(message: string): string {
  if (/InResponseTo/i.test(message)) return 'in-response-to';
  if (/signature/i.test(message)) return 'signature';
  if (/audience/i.test(message)) return 'audience';
  if (/expired|not yet valid|NotBefore|NotOnOrAfter|subject confirmation/i.test(message)) {
    return 'expired';
  }
  if (/status|error:/i.test(message)) return 'idp-status';
  return 'invalid-response';
}

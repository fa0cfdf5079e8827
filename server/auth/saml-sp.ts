import { SAML } from '@node-saml/node-saml';
import type { Profile } from '@node-saml/node-saml';
import type { SamlConfig } from '../config.js';
import type { IdpMetadata } from './saml-idp-metadata.js';
import { loadIdpMetadata } from './saml-idp-metadata.js';
import type { SamlAttribute } from './saml-attributes.js';
import { verifiedAttributes } from './saml-assertion.js';
import { checkOffThread, warmSamlThread } from './saml-pool.js';
import { inflateBounded, verifyRedirectSignature } from './saml-redirect.js';
import {
  SAML_CLOCK_SKEW_MS,
  SAML_REQUEST_MINUTES,
  SamlRefusedError,
  isSha1Algorithm,
} from './saml-request.js';
import type { PendingSamlRequest, SamlSession } from './saml-request.js';
import { SUCCESS, samlShape } from './saml-shape.js';
import type { SamlShape } from './saml-shape.js';
import { spMetadata } from './saml-sp-metadata.js';
import { noCache, nodeSamlOptions } from './saml-task.js';
import type { SamlSetup } from './saml-task.js';

const DAY_MS = 24 * 3_600_000;

/** A POSTed response in base64 (line breaks allowed, as some IdPs wrap it). */
const BASE64 = /^[A-Za-z0-9+/\r\n]+={0,2}[\r\n]*$/;

/** What a verified response says: who signed in, and what single logout needs of it. */
export interface SamlSignIn {
  nameId: string;
  nameIdFormat: string | undefined;
  sessionIndex: string | undefined;
  attributes: SamlAttribute[];
  /** Where the person asked to go (as kept at /auth/login). */
  next: string;
}

/** A LogoutRequest the IdP signed, read: what it names, and until when it could be used. */
export interface SamlLogoutRequest {
  id: string;
  nameId: string;
  nameIdFormat: string | undefined;
  sessionIndexes: string[];
  notOnOrAfter: Date;
}

export type { SamlSession };

/**
 * The SAML 2.0 service provider: AuthnRequests by HTTP-Redirect, responses by HTTP-POST, single
 * logout by HTTP-Redirect. Each message is bounded and shaped here first (saml-shape.ts, and the
 * redirect binding's signature before inflating, saml-redirect.ts); node-saml then checks the
 * signatures, times, audience and InResponseTo on the SAML thread (saml-pool.ts). This class adds
 * the issuer, Destination, Recipient, the IdP's status, SHA-1's refusal and the attributes; the
 * routes add the one use of each message (the store) and the browser's sealed request.
 */
export class SamlServiceProvider {
  private refresher: NodeJS.Timeout | undefined;

  private constructor(
    private readonly cfg: SamlConfig,
    private idp: IdpMetadata,
  ) {}

  /** Reads the IdP's metadata; a start without it is refused. */
  static async load(cfg: SamlConfig): Promise<SamlServiceProvider> {
    const provider = new SamlServiceProvider(cfg, await loadIdpMetadata(cfg.idpMetadata));
    warmSamlThread();
    return provider;
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

  private get setup(): SamlSetup {
    return {
      entityId: this.cfg.entityId,
      acsUrl: this.cfg.acsUrl,
      sloUrl: this.cfg.sloUrl,
      privateKey: this.cfg.privateKey,
      idpEntityId: this.idp.entityId,
      idpSsoUrl: this.idp.ssoUrl,
      idpSloUrl: this.idp.sloUrl,
      idpCerts: this.idp.signingCerts,
      allowSha1: this.cfg.allowSha1,
    };
  }

  /** The IdP's address for a new sign-in, and the request to keep (sealed) in the browser. */
  async start(next: string, now: Date): Promise<{ url: string; pending: PendingSamlRequest }> {
    let id: string | undefined;
    const saml = new SAML(
      nodeSamlOptions(this.setup, {
        ...noCache,
        saveAsync: async (requestId, value) => {
          id = requestId;
          return { value, createdAt: now.getTime() };
        },
      }),
    );
    const url = await saml.getAuthorizeUrlAsync('', undefined, {});
    if (id === undefined) throw new Error('node-saml kept no AuthnRequest id');
    return { url, pending: { id, next, at: now.getTime() } };
  }

  /** SHA-1 anywhere in the clear document is refused before any signature work. */
  private refuseSha1(shape: SamlShape) {
    if (!this.cfg.allowSha1 && shape.algorithms.some(isSha1Algorithm)) {
      throw new SamlRefusedError('sha1', 'the message is signed or digested with SHA-1');
    }
  }

  /**
   * Checks a POSTed SAMLResponse answering one of `pending` (this browser's requests). `markUsed`
   * marks the answered request used (in the store): a response is accepted once, on any process.
   */
  async finish(
    samlResponse: string,
    pending: readonly PendingSamlRequest[],
    markUsed: (key: string, until: Date) => Promise<boolean>,
  ): Promise<SamlSignIn> {
    if (!BASE64.test(samlResponse)) throw new SamlRefusedError('malformed', 'not base64');
    const shape = samlShape(Buffer.from(samlResponse, 'base64').toString('utf8'), 'Response');
    this.refuseSha1(shape);
    if (shape.status !== SUCCESS) {
      throw new SamlRefusedError('idp-status', `the IdP answered ${shape.status ?? 'no status'}`);
    }
    const request = pending.find((p) => p.id === shape.inResponseTo);
    if (!request) {
      throw new SamlRefusedError('in-response-to', 'no request of this browser is answered');
    }
    if (shape.destination !== undefined && shape.destination !== this.cfg.acsUrl) {
      throw new SamlRefusedError('destination', `the response is for ${shape.destination}`);
    }
    const outcome = await checkOffThread({
      kind: 'response',
      setup: this.setup,
      samlResponse,
      pending: { id: request.id, createdAt: request.at },
    });
    if (!outcome.ok) throw new SamlRefusedError(outcome.reason, outcome.message);
    const until = new Date(request.at + SAML_REQUEST_MINUTES * 60_000 + SAML_CLOCK_SKEW_MS);
    if (!(await markUsed(`authn:${request.id}`, until))) {
      throw new SamlRefusedError('in-response-to', 'the request was answered already');
    }
    const attributes = verifiedAttributes(outcome.assertion, this.idp.entityId, this.cfg.acsUrl);
    return {
      nameId: outcome.nameId,
      nameIdFormat: outcome.nameIdFormat,
      sessionIndex: outcome.sessionIndex,
      attributes,
      next: request.next,
    };
  }

  /** The IdP's single logout address for a session, or null when the IdP offers none. */
  async logoutUrl(session: SamlSession): Promise<string | null> {
    if (!this.idp.sloUrl) return null;
    return new SAML(nodeSamlOptions(this.setup, noCache)).getLogoutUrlAsync(
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
   * A LogoutRequest the IdP sent by HTTP-Redirect (a logout it started). Its signature over the
   * query is checked before anything is inflated; it must carry a NotOnOrAfter not yet past.
   */
  async readLogoutRequest(
    query: { SAMLRequest: string; RelayState?: string; SigAlg?: string; Signature?: string },
    rawQuery: string,
    now: Date,
  ): Promise<SamlLogoutRequest> {
    const { kind, deflated } = verifyRedirectSignature(
      rawQuery,
      this.idp.signingCerts,
      this.cfg.allowSha1,
    );
    if (kind !== 'SAMLRequest' || !query.SigAlg || !query.Signature) {
      throw new SamlRefusedError('malformed', 'not a logout request');
    }
    const shape = samlShape(await inflateBounded(deflated), 'LogoutRequest');
    this.refuseSha1(shape);
    const notOnOrAfter = shape.notOnOrAfter ? new Date(shape.notOnOrAfter) : undefined;
    if (!notOnOrAfter || Number.isNaN(notOnOrAfter.getTime())) {
      throw new SamlRefusedError('expired', 'the logout request has no NotOnOrAfter');
    }
    if (now.getTime() >= notOnOrAfter.getTime() + SAML_CLOCK_SKEW_MS) {
      throw new SamlRefusedError('expired', `the logout request expired at ${shape.notOnOrAfter}`);
    }
    const outcome = await checkOffThread({
      kind: 'logout',
      setup: this.setup,
      query: { ...query, SigAlg: query.SigAlg, Signature: query.Signature },
      rawQuery,
    });
    if (!outcome.ok) throw new SamlRefusedError(outcome.reason, outcome.message);
    if (!outcome.id) throw new SamlRefusedError('malformed', 'the logout request has no ID');
    return {
      id: outcome.id,
      nameId: outcome.nameId,
      nameIdFormat: outcome.nameIdFormat,
      sessionIndexes: shape.sessionIndexes,
      notOnOrAfter,
    };
  }

  /** The address of the LogoutResponse to a request (Success, or UnknownPrincipal). */
  async logoutResponseUrl(
    request: SamlLogoutRequest,
    relayState: string,
    success: boolean,
  ): Promise<string> {
    const profile: Profile = {
      ID: request.id,
      issuer: this.idp.entityId,
      nameID: request.nameId,
      nameIDFormat: request.nameIdFormat ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
    };
    return new SAML(nodeSamlOptions(this.setup, noCache)).getLogoutResponseUrlAsync(
      profile,
      relayState,
      {},
      success,
    );
  }

  /** The portal's metadata for the IdP team (SAML 2.0 metadata, unsigned). */
  metadata(productName: string): string {
    return spMetadata(this.cfg, productName);
  }
}

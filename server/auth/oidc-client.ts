import type * as OpenId from 'openid-client';
import { z } from 'zod';
import type { OidcConfig } from '../config.js';

/** What the browser carries from /auth/login to /auth/callback, sealed in a cookie. */
export const oidcTransactionSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  next: z.string(),
});
export type OidcTransaction = z.infer<typeof oidcTransactionSchema>;

/**
 * The sign-in's access token kept for an SIS read as the student (issue 91): the token, the refresh
 * token when the provider gave one, and when the access token ends (ms since the epoch; an hour from
 * issue when the provider did not say).
 */
export const upstreamTokenSchema = z.object({
  access: z.string().min(1),
  refresh: z.string().min(1).optional(),
  expiresAt: z.number(),
});
export type UpstreamToken = z.infer<typeof upstreamTokenSchema>;

/** RFC 8693's names: an access token for another audience, exchanged for the sign-in's. */
const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
/** When the provider gives no `expires_in`. */
const DEFAULT_TOKEN_SECONDS = 3600;

/** The provider could not be reached or answered nonsense: not the user's fault. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

const DISCOVERY_TIMEOUT_SECONDS = 10;
/** openid-client is loaded only where OpenID Connect is configured; the embedded default never needs it. */
let library: Promise<typeof OpenId> | undefined;
const openid = () => (library ??= import('openid-client'));

const UNUSABLE_ANSWER = new Set(['OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON']);

/** No answer, a timeout, or an answer that is not OAuth at all (a 5xx page): not the user's doing. */
function isProviderDown(err: unknown, client: typeof OpenId): boolean {
  if (err instanceof TypeError && /fetch failed/i.test(err.message)) return true;
  if (err instanceof Error && err.name === 'TimeoutError') return true;
  return err instanceof client.ClientError && UNUSABLE_ANSWER.has(err.code ?? '');
}

/**
 * The OpenID Connect relying party: authorization code flow with PKCE (S256), state and nonce.
 * The provider's metadata is discovered on first use and kept; a failed discovery is retried next time.
 */
export class OidcClient {
  private discovered: Promise<OpenId.Configuration> | undefined;

  constructor(
    private readonly cfg: OidcConfig,
    /**
     * Whether the sign-in's access token is kept for the SIS (an adapter reading as the student), and
     * the audience to exchange it for (RFC 8693) where the provider's own token is not accepted there.
     */
    private readonly upstream: { audience?: string | undefined } | null = null,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private configuration(): Promise<OpenId.Configuration> {
    this.discovered ??= this.discover().catch((err: unknown) => {
      this.discovered = undefined;
      throw new ProviderUnavailableError(
        `OpenID provider ${this.cfg.issuer.href} did not answer discovery`,
        { cause: err },
      );
    });
    return this.discovered;
  }

  private async discover() {
    const client = await openid();
    const { issuer, clientId, clientSecret } = this.cfg;
    return client.discovery(
      issuer,
      clientId,
      clientSecret,
      clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
      {
        timeout: DISCOVERY_TIMEOUT_SECONDS,
        // config.ts only lets plain http through for a provider on this machine.
        execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      },
    );
  }

  /** The provider's authorization address for a new sign-in, and the transaction to keep. */
  async start(next: string): Promise<{ url: URL; transaction: OidcTransaction }> {
    const client = await openid();
    const config = await this.configuration();
    const transaction = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      next,
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.cfg.redirectUri.href,
      scope: this.cfg.scopes,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(transaction.verifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
    });
    return { url, transaction };
  }

  /**
   * Checks the authorization response (state, issuer), redeems the code with the PKCE verifier,
   * checks the ID token (signature, audience, nonce) and reads the user's claims.
   */
  async finish(search: string, transaction: OidcTransaction) {
    const client = await openid();
    const config = await this.configuration();
    const current = new URL(this.cfg.redirectUri);
    current.search = search;
    try {
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: transaction.verifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('The provider answered without an ID token');
      let claims: Record<string, unknown> = { ...idClaims };
      if (config.serverMetadata().userinfo_endpoint) {
        const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        claims = { ...info, ...idClaims };
      }
      const upstream = this.upstream ? await this.upstreamOf(config, tokens) : undefined;
      return { claims, idToken: tokens.id_token, upstream };
    } catch (err) {
      if (isProviderDown(err, client)) {
        throw new ProviderUnavailableError('the provider did not answer', { cause: err });
      }
      throw err;
    }
  }

  /**
   * A fresh access token for the SIS from the refresh token (exchanged again where an audience is
   * set). Null when the provider refuses the refresh (its session is over: the person signs in
   * again); a provider that does not answer is a ProviderUnavailableError.
   */
  async refresh(refreshToken: string): Promise<UpstreamToken | null> {
    const client = await openid();
    const config = await this.configuration();
    try {
      const tokens = await client.refreshTokenGrant(config, refreshToken);
      // A provider that rotates refresh tokens gives a new one; one that does not keeps the old.
      const next = await this.upstreamOf(config, tokens);
      return { ...next, refresh: next.refresh ?? refreshToken };
    } catch (err) {
      if (isProviderDown(err, client)) {
        throw new ProviderUnavailableError('the provider did not answer', { cause: err });
      }
      return null;
    }
  }

  /** The token kept for the SIS from a token endpoint's answer, exchanged when an audience is set. */
  private async upstreamOf(
    config: OpenId.Configuration,
    tokens: OpenId.TokenEndpointResponse & OpenId.TokenEndpointResponseHelpers,
  ): Promise<UpstreamToken> {
    const client = await openid();
    const audience = this.upstream?.audience;
    const given = audience
      ? await client.genericGrantRequest(config, TOKEN_EXCHANGE, {
          subject_token: tokens.access_token,
          subject_token_type: ACCESS_TOKEN_TYPE,
          requested_token_type: ACCESS_TOKEN_TYPE,
          audience,
        })
      : tokens;
    return {
      access: given.access_token,
      ...(tokens.refresh_token ? { refresh: tokens.refresh_token } : {}),
      expiresAt: this.clock().getTime() + (given.expiresIn() ?? DEFAULT_TOKEN_SECONDS) * 1000,
    };
  }

  /** Where to end the provider's session, or null when it has no end-session endpoint. */
  async logoutUrl(idToken: string | undefined): Promise<URL | null> {
    const client = await openid();
    const config = await this.configuration();
    if (!config.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(config, {
      post_logout_redirect_uri: this.cfg.postLogoutRedirectUri.href,
      ...(idToken ? { id_token_hint: idToken } : {}),
    });
  }
}

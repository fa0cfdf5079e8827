import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';

/** The test provider's people: login name → claims. */
export const testAccounts: Record<string, Record<string, string | boolean>> = {
  kparker: {
    preferred_username: 'kparker',
    email: 'kparker@campus.example.edu',
    email_verified: true,
    given_name: 'Kim',
    family_name: 'Parker',
    name: 'Kim Parker',
  },
  // Known to the sample SIS as the Staff persona: roles come from there.
  mchen: {
    preferred_username: 'mchen',
    email: 'morgan.chen@campus.example.edu',
    given_name: 'Morgan',
    family_name: 'Chen',
  },
  // In the provider's staff group: staff by the group claim, whatever the SIS says.
  gstaff: {
    preferred_username: 'gstaff',
    email: 'gstaff@campus.example.edu',
    given_name: 'Gale',
    family_name: 'Stafford',
    groups: 'portal-staff',
  },
  // The PeopleSoft double's student (tests/fake-peoplesoft), read as themselves (issue 91).
  lgarcia: {
    preferred_username: 'lgarcia',
    email: 'lgarcia@example.edu',
    given_name: 'Lucy',
    family_name: 'Garcia',
  },
  // The sample SIS's student (the Student persona), whose audit DegreeWorks gives (issue 92).
  avalencia: {
    preferred_username: 'avalencia',
    email: 'avalencia@campus.example.edu',
    given_name: 'Ana',
    family_name: 'Valencia',
  },
  // No username claim at all.
  nameless: { email: 'nameless@campus.example.edu' },
  // An email claim that is a recipient list, not one address.
  listmail: {
    preferred_username: 'listmail',
    email: 'listmail@campus.example.edu, eve@evil.example',
    given_name: 'Lee',
    family_name: 'Smith',
  },
};

export const TEST_CLIENT = { id: 'campus-portal', secret: 'campus-portal-test-secret' };

export interface TestProvider {
  issuer: string;
  close: () => Promise<void>;
  /** Ends what a refresh token allows (the person's session at the provider is over). */
  revokeRefresh: (refreshToken: string) => Promise<void>;
  /** How many token exchanges (RFC 8693) the provider answered. */
  exchanges: () => number;
}

/** RFC 8693's grant type. */
const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';

/**
 * A real OpenID provider (the `oidc-provider` package) on loopback, with one confidential client and
 * the test accounts. Its development login form accepts any password; consent is implied for the
 * portal, as a university's provider does for its own first-party portal.
 */
export async function startTestProvider(options: {
  port?: number;
  redirectUri: string;
  postLogoutRedirectUri: string;
  /** Refresh tokens at every sign-in (a provider whose portal client may ask `offline_access`). */
  refresh?: boolean;
  /**
   * RFC 8693 token exchange at the token endpoint: the token it gives for the person (`sub`) and the
   * audience asked, from a live access token of this provider.
   */
  exchange?: (sub: string, audience: string) => string;
}): Promise<TestProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    jwks: {
      keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', alg: 'RS256', use: 'sig' }],
    },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
        grant_types: [
          'authorization_code',
          ...(options.refresh ? ['refresh_token'] : []),
          ...(options.exchange ? [TOKEN_EXCHANGE] : []),
        ],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'given_name', 'family_name', 'name', 'groups'],
    },
    cookies: { keys: ['test-provider-cookie-key'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    ...(options.refresh ? { issueRefreshToken: async () => true } : {}),
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      const claims = testAccounts[id];
      if (!claims) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const existing = oidc.session.grantIdFor(oidc.client.clientId);
      if (existing) return oidc.provider.Grant.find(existing);
      const grant = new oidc.provider.Grant({
        clientId: oidc.client.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  let exchanges = 0;
  const { exchange } = options;
  if (exchange) {
    // What a provider with token exchange answers (RFC 8693 §2.2): the new token, its type, its life.
    provider.registerGrantType(
      TOKEN_EXCHANGE,
      async (ctx) => {
        const { subject_token: subject, audience } = ctx.oidc.params;
        const token = subject ? await provider.AccessToken.find(subject) : undefined;
        if (!token || token.isExpired || !audience) {
          ctx.status = 400;
          ctx.body = { error: 'invalid_grant', error_description: 'subject_token is not live' };
          return;
        }
        exchanges += 1;
        ctx.body = {
          access_token: exchange(token.accountId, audience),
          issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
          token_type: 'Bearer',
          expires_in: 600,
        };
      },
      ['subject_token', 'subject_token_type', 'requested_token_type', 'audience'],
    );
  }
  server.on('request', provider.callback());
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async revokeRefresh(refreshToken) {
      await (await provider.RefreshToken.find(refreshToken))?.destroy();
    },
    exchanges: () => exchanges,
  };
}

import { ConfigError, isSafeUrl } from './env.js';
import type { Env } from './env.js';

const OIDC_REQUIRED = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_REDIRECT_URI'] as const;

/** The university's OpenID provider and this portal's registration there. */
function oidcFrom(e: Env) {
  const given = OIDC_REQUIRED.filter((name) => e[name] !== undefined);
  if (given.length === 0 && !e.OIDC_CLIENT_SECRET) return undefined;
  const missing = OIDC_REQUIRED.filter((name) => e[name] === undefined);
  if (missing.length > 0 || !e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_REDIRECT_URI) {
    throw new ConfigError(
      `Invalid configuration: OpenID Connect needs ${OIDC_REQUIRED.join(', ')}; missing ${missing.join(', ')}.`,
    );
  }
  const issuer = new URL(e.OIDC_ISSUER);
  const redirectUri = new URL(e.OIDC_REDIRECT_URI);
  for (const [name, url] of [
    ['OIDC_ISSUER', issuer],
    ['OIDC_REDIRECT_URI', redirectUri],
  ] as const) {
    if (!isSafeUrl(url)) {
      throw new ConfigError(
        `Invalid configuration: ${name} must be https (http only on loopback).`,
      );
    }
  }
  return {
    issuer,
    clientId: e.OIDC_CLIENT_ID,
    /** Unset: a public client (PKCE only, no client authentication). */
    clientSecret: e.OIDC_CLIENT_SECRET,
    redirectUri,
    postLogoutRedirectUri: new URL(e.OIDC_POST_LOGOUT_REDIRECT_URI ?? new URL('/', redirectUri)),
    scopes: e.OIDC_SCOPES.split(/\s+/).includes('openid')
      ? e.OIDC_SCOPES
      : `openid ${e.OIDC_SCOPES}`,
    usernameClaim: e.OIDC_USERNAME_CLAIM,
  };
}

/** Where staff, superuser and demo rights come from besides the grants table: the provider's groups. */
function groupsFrom(e: Env) {
  return {
    /** The claim listing the person's groups (an array of names, or one name). */
    claim: e.OIDC_GROUPS_CLAIM,
    staff: e.STAFF_GROUPS,
    superuser: e.SUPERUSER_GROUPS,
    demo: e.DEMO_GROUPS,
  };
}

export type OidcConfig = NonNullable<ReturnType<typeof oidcFrom>>;
export type AuthGroupsConfig = ReturnType<typeof groupsFrom>;

/**
 * Signing in and staying signed in: OpenID Connect or the demo sign-in page (one of them, or the start
 * is refused), the groups that give rights, and the session's secret and timeouts.
 */
export function authConfig(e: Env) {
  const production = e.NODE_ENV === 'production';
  const oidc = oidcFrom(e);
  const demoSignIn = !oidc && (e.DEMO_SIGN_IN ?? !production);
  if (!oidc && !demoSignIn) {
    throw new ConfigError(
      `Refusing to start: ${production && e.DEMO_SIGN_IN === undefined ? 'NODE_ENV=production' : 'DEMO_SIGN_IN=0'} ` +
        'leaves no sign-in method. Configure OpenID Connect (OIDC_ISSUER, OIDC_CLIENT_ID, ' +
        'OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI), or set DEMO_SIGN_IN=1 to allow the demo sign-in ' +
        'page (anyone can sign in as any persona).',
    );
  }
  return {
    /** The demo sign-in page; always off when OpenID Connect is configured. */
    demoSignIn,
    oidc,
    /** The identity provider's groups that give staff, superuser and demo rights. */
    groups: groupsFrom(e),
    /** Signs and seals the short-lived sign-in cookies; random per process when unset. */
    sessionSecret: e.SESSION_SECRET,
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, absoluteHours: e.SESSION_ABSOLUTE_HOURS },
  };
}

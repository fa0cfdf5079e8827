import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
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

const SAML_REQUIRED = [
  'SAML_IDP_METADATA',
  'SAML_SP_KEY_FILE',
  'SAML_SP_CERT_FILE',
  'PUBLIC_ORIGIN',
] as const;
const SAML_ANY = [
  'SAML_IDP_METADATA',
  'SAML_SP_ENTITY_ID',
  'SAML_SP_KEY_FILE',
  'SAML_SP_CERT_FILE',
];

/** An https URL (http only on this machine) is fetched; anything else is a file path. */
function metadataSource(value: string): { url: URL } | { file: string } {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return { file: value };
  const url = URL.parse(value);
  if (!url || !isSafeUrl(url)) {
    throw new ConfigError(
      'Invalid configuration: SAML_IDP_METADATA must be a file path or an https URL (http only on loopback).',
    );
  }
  return { url };
}

function readPem(name: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`Invalid configuration: ${name} cannot be read: ${String(err)}`);
  }
}

/**
 * The SAML 2.0 service provider: the university's identity provider (its metadata), this portal's
 * entity id, addresses and key pair, and which attributes name the person and their groups.
 */
function samlFrom(e: Env) {
  if (SAML_ANY.every((name) => e[name as keyof Env] === undefined)) return undefined;
  const missing = SAML_REQUIRED.filter((name) => e[name] === undefined);
  if (missing.length > 0 || !e.SAML_IDP_METADATA || !e.SAML_SP_KEY_FILE || !e.SAML_SP_CERT_FILE) {
    throw new ConfigError(
      `Invalid configuration: SAML needs ${SAML_REQUIRED.join(', ')}; missing ${missing.join(', ')}.`,
    );
  }
  const origin = new URL(e.PUBLIC_ORIGIN ?? '').origin;
  const privateKey = readPem('SAML_SP_KEY_FILE', e.SAML_SP_KEY_FILE);
  const certificate = readPem('SAML_SP_CERT_FILE', e.SAML_SP_CERT_FILE);
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certificate);
  } catch {
    throw new ConfigError('Invalid configuration: SAML_SP_CERT_FILE holds no PEM certificate.');
  }
  try {
    if (!cert.checkPrivateKey(createPrivateKey(privateKey))) throw new Error('another key');
  } catch {
    throw new ConfigError(
      'Invalid configuration: SAML_SP_KEY_FILE is not the private key of SAML_SP_CERT_FILE.',
    );
  }
  const source = metadataSource(e.SAML_IDP_METADATA);
  if ('file' in source) readPem('SAML_IDP_METADATA', source.file);
  return {
    idpMetadata: source,
    entityId: e.SAML_SP_ENTITY_ID ?? `${origin}/auth/saml/metadata`,
    metadataUrl: `${origin}/auth/saml/metadata`,
    acsUrl: `${origin}/auth/saml/acs`,
    sloUrl: `${origin}/auth/saml/slo`,
    keyFile: e.SAML_SP_KEY_FILE,
    certFile: e.SAML_SP_CERT_FILE,
    /** PEM, read at start: signs the AuthnRequests and decrypts encrypted assertions. */
    privateKey,
    certificate,
    certificateExpires: new Date(cert.validTo),
    usernameAttribute: e.SAML_USERNAME_ATTRIBUTE,
    groupsAttribute: e.SAML_GROUPS_ATTRIBUTE,
    /** SHA-1 signatures and digests are refused unless SAML_ALLOW_SHA1 is set. */
    allowSha1: e.SAML_ALLOW_SHA1,
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
export type SamlConfig = NonNullable<ReturnType<typeof samlFrom>>;
export type AuthGroupsConfig = ReturnType<typeof groupsFrom>;

/**
 * Signing in and staying signed in: OpenID Connect or the demo sign-in page (one of them, or the start
 * is refused), the groups that give rights, and the session's secret and timeouts.
 */
export function authConfig(e: Env) {
  const production = e.NODE_ENV === 'production';
  const oidc = oidcFrom(e);
  const saml = samlFrom(e);
  if (oidc && saml) {
    throw new ConfigError(
      'Invalid configuration: configure one sign-in method, OpenID Connect (OIDC_*) or SAML (SAML_*), not both.',
    );
  }
  const demoSignIn = !oidc && !saml && (e.DEMO_SIGN_IN ?? !production);
  if (!oidc && !saml && !demoSignIn) {
    throw new ConfigError(
      `Refusing to start: ${production && e.DEMO_SIGN_IN === undefined ? 'NODE_ENV=production' : 'DEMO_SIGN_IN=0'} ` +
        'leaves no sign-in method. Configure OpenID Connect (OIDC_ISSUER, OIDC_CLIENT_ID, ' +
        'OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI) or SAML (SAML_IDP_METADATA, SAML_SP_KEY_FILE, ' +
        'SAML_SP_CERT_FILE, PUBLIC_ORIGIN), or set DEMO_SIGN_IN=1 to allow the demo sign-in ' +
        'page (anyone can sign in as any persona).',
    );
  }
  return {
    /** The demo sign-in page; always off when OpenID Connect or SAML is configured. */
    demoSignIn,
    oidc,
    saml,
    /** The identity provider's groups that give staff, superuser and demo rights. */
    groups: groupsFrom(e),
    /** Signs and seals the short-lived sign-in cookies; random per process when unset. */
    sessionSecret: e.SESSION_SECRET,
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, absoluteHours: e.SESSION_ABSOLUTE_HOURS },
  };
}

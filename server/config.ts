import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { campusSchema, defaultCampus } from '../contract/campus.schema.js';
import type { Campus } from '../contract/campus.schema.js';
import { formatPhoneNumber, isPhoneCountry } from '../contract/phone.rules.js';

/** Treats an empty variable as unset, so `FOO=` behaves like no FOO at all. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const positiveInt = z.coerce.number().int().min(1);
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
/** A comma-separated list of group names (blanks dropped). */
const groupList = z.string().transform((v) =>
  v
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean),
);
/**
 * The push services web push may reach (`PUSH_SERVICE_HOSTS`): a host name (port 443), a suffix
 * (`.notify.windows.com`: any name ending so, port 443), or an exact `host:port`, the one way to
 * name a service on a non-public address (a test's push service on this machine). Each host is
 * normalised by the WHATWG URL parser, as endpoints are, so the two compare as equals.
 */
export interface PushServiceHosts {
  names: string[];
  suffixes: string[];
  /** `host:port` with the port always written (`127.0.0.1:8443`, `[::1]:443`). */
  exact: string[];
}

const PUSH_HOST_ENTRY = /^(\.?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?$/;

const pushServiceHosts = z.string().transform((v, ctx): PushServiceHosts => {
  const hosts: PushServiceHosts = { names: [], suffixes: [], exact: [] };
  for (const entry of v
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean)) {
    const suffix = entry.startsWith('.');
    const url = PUSH_HOST_ENTRY.test(entry)
      ? URL.parse(`https://${suffix ? entry.slice(1) : entry}/`)
      : null;
    const port = /:([0-9]+)$/.exec(entry)?.[1];
    if (!url || (suffix && port !== undefined)) {
      ctx.addIssue({ code: 'custom', message: `not a host, .suffix or host:port: ${entry}` });
      return z.NEVER;
    }
    if (suffix) hosts.suffixes.push(`.${url.hostname}`);
    else if (port !== undefined) hosts.exact.push(`${url.hostname}:${Number(port)}`);
    else hosts.names.push(url.hostname);
  }
  return hosts;
});

/** The push services browsers use: FCM (Chrome, Edge), Mozilla autopush, Apple, Windows WNS. */
const DEFAULT_PUSH_SERVICE_HOSTS =
  'fcm.googleapis.com,updates.push.services.mozilla.com,.push.apple.com,.notify.windows.com';

/**
 * Which proxies' `X-Forwarded-For` to believe: `0`/unset none (the socket's address counts), a hop
 * count (`1`: the one proxy in front), or a comma-separated list of proxy addresses or CIDR ranges.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    if (v === '0' || v === 'false') return false;
    if (/^[1-9][0-9]?$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    if (list.length === 0 || list.some((a) => !/^[0-9a-fA-F.:]+(\/[0-9]{1,3})?$/.test(a))) {
      ctx.addIssue({ code: 'custom', message: 'must be 0, a hop count, or a list of addresses' });
      return z.NEVER;
    }
    return list;
  });

/** Every environment variable the server reads. docs/configuration.md documents each one. */
export const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])).default('development'),
  HOST: optional(z.string()).default('127.0.0.1'),
  PORT: optional(z.coerce.number().int().min(0).max(65535)).default(8080),
  DATA_DIR: optional(z.string()).default('./data'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
  DEMO_SIGN_IN: optional(flag),
  OIDC_ISSUER: optional(httpUrl),
  OIDC_CLIENT_ID: optional(z.string()),
  OIDC_CLIENT_SECRET: optional(z.string()),
  OIDC_REDIRECT_URI: optional(httpUrl),
  /** The address people reach the portal at, for links the server writes (calendar feeds). */
  PUBLIC_ORIGIN: optional(
    httpUrl.refine((url) => URL.canParse(url) && new URL(url).origin === url.replace(/\/$/, ''), {
      error: 'must be an origin: scheme, host and port, no path',
    }),
  ),
  OIDC_POST_LOGOUT_REDIRECT_URI: optional(httpUrl),
  OIDC_SCOPES: optional(z.string()).default('openid email profile'),
  OIDC_USERNAME_CLAIM: optional(z.string()).default('preferred_username'),
  OIDC_GROUPS_CLAIM: optional(z.string()).default('groups'),
  STAFF_GROUPS: optional(groupList).default(['portal-staff']),
  SUPERUSER_GROUPS: optional(groupList).default(['portal-superusers']),
  DEMO_GROUPS: optional(groupList).default(['portal-demo']),
  ALLOW_SAMPLE_SIS: optional(flag).default(false),
  SEED_SAMPLES: optional(flag),
  TRUST_PROXY: optional(trustProxy).default(false),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  SESSION_IDLE_MINUTES: optional(positiveInt).default(30),
  SESSION_ABSOLUTE_HOURS: optional(positiveInt).default(12),
  RATE_LIMIT_SIGN_IN_PER_MINUTE: optional(positiveInt).default(20),
  RATE_LIMIT_API_PER_MINUTE: optional(positiveInt).default(600),
  SEARCH_BUDGET_MS: optional(z.coerce.number().int().min(0).max(10_000)).default(250),
  SEARCH_PER_MINUTE: optional(positiveInt).default(60),
  LOG_LEVEL: optional(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  ).default('info'),
  CLIENT_DIR: optional(z.string()).default('dist/client'),
  BUILD_HASH: optional(z.string()),
  CAMPUS_CONFIG: optional(z.string()),
  MAINTENANCE: optional(flag).default(false),
  SIS_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })),
  SIS_TOKEN: optional(z.string()),
  SIS_TIMEOUT_MS: optional(z.coerce.number().int().min(1).max(120_000)).default(8000),
  SIS_STALE_AFTER_MS: optional(z.coerce.number().int().min(0).max(120_000)).default(1500),
  FEED_TIMEOUT_MS: optional(z.coerce.number().int().min(1).max(120_000)).default(5000),
  FEED_IMAGE_PRIVATE_HOSTS: optional(groupList).default([]),
  REDIS_URL: optional(
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }),
  ),
  REDIS_KEY_PREFIX: optional(z.string().max(100)).default('portal:'),
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
  METRICS_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: optional(z.string().min(3).max(320)),
  /** Connections to the SMTP server kept open and shared by every send. */
  SMTP_POOL_SIZE: optional(z.coerce.number().int().min(1).max(50)).default(5),
  /** A PEM file of the CA (or CAs) that issued the SMTP server's certificate, trusted besides the public roots. */
  SMTP_CA_FILE: optional(z.string()),
  /** How long an email's one-click unsubscribe link works. */
  UNSUBSCRIBE_LINK_DAYS: optional(z.coerce.number().int().min(1).max(3650)).default(90),
  // Web push's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints): both or neither.
  VAPID_PUBLIC_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key'),
  ),
  VAPID_PRIVATE_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key'),
  ),
  VAPID_SUBJECT: optional(
    z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// URL'),
  ),
  PUSH_SERVICE_HOSTS: optional(pushServiceHosts).default(
    pushServiceHosts.parse(DEFAULT_PUSH_SERVICE_HOSTS),
  ),
  PUSH_TIMEOUT_MS: optional(z.coerce.number().int().min(1).max(120_000)).default(5000),
  TWILIO_ACCOUNT_SID: optional(
    z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be an Account SID (AC…)'),
  ),
  TWILIO_AUTH_TOKEN: optional(z.string().min(1)),
  /** The sender: a phone number in E.164 (`+15035550100`) or a Messaging Service SID (`MG…`). */
  TWILIO_FROM: optional(
    z.string().regex(/^(\+[1-9][0-9]{6,14}|MG[0-9a-fA-F]{32})$/, 'must be +E.164 or MG…'),
  ),
  TWILIO_API_URL: optional(httpUrl).default('https://api.twilio.com'),
  SMS_TIMEOUT_MS: optional(z.coerce.number().int().min(1).max(120_000)).default(10_000),
  // Delivery (server/notify/README.md, "How delivery scales"): the worker's pool of sends.
  NOTIFY_CONCURRENCY: optional(z.coerce.number().int().min(2).max(1000)).default(32),
  NOTIFY_URGENT_SLOTS: optional(z.coerce.number().int().min(0).max(999)).default(8),
  NOTIFY_PER_DESTINATION: optional(z.coerce.number().int().min(1).max(1000)).default(8),
  NOTIFY_LEASE_SECONDS: optional(z.coerce.number().int().min(2).max(3600)).default(120),
  NOTIFY_SEND_TIMEOUT_SECONDS: optional(z.coerce.number().int().min(1).max(3599)).default(60),
});

/** The university's OpenID provider and this portal's registration there. */
export interface OidcConfig {
  issuer: URL;
  clientId: string;
  /** Unset: a public client (PKCE only, no client authentication). */
  clientSecret: string | undefined;
  redirectUri: URL;
  postLogoutRedirectUri: URL;
  scopes: string;
  usernameClaim: string;
}

/** Where staff, superuser and demo rights come from besides the grants table: the provider's groups. */
export interface AuthGroupsConfig {
  /** The claim listing the person's groups (an array of names, or one name). */
  claim: string;
  staff: string[];
  superuser: string[];
  demo: string[];
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The demo sign-in page; always off when OpenID Connect is configured. */
  demoSignIn: boolean;
  /**
   * Whether the sample messages, Next Steps tasks and content are added to an empty store at start
   * (demo mode's own data is always there). On, except in production with OpenID Connect.
   */
  seedSamples: boolean;
  oidc: OidcConfig | undefined;
  /** The identity provider's groups that give staff, superuser and demo rights. */
  groups: AuthGroupsConfig;
  /** Fastify's `trustProxy`: off, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Signs and seals the short-lived sign-in cookies; random per process when unset. */
  sessionSecret: string | undefined;
  session: { idleMinutes: number; absoluteHours: number };
  rateLimit: { signInPerMinute: number; apiPerMinute: number };
  /**
   * Search (`GET /api/search`): the time the store may spend on one search, after which the answer
   * is partial (0: the store is not searched at all), and searches per minute per person.
   */
  search: { budgetMs: number; perMinute: number };
  logLevel: string;
  /**
   * The origin people reach the portal at (`https://portal.example.edu`), for the links the server
   * writes into what it sends elsewhere (the personal calendar): never the request's `Host`, which
   * the sender chooses. `PUBLIC_ORIGIN`, else the origin of `OIDC_REDIRECT_URI`, else this server's
   * own address (`http://localhost:<PORT>`).
   */
  publicOrigin: string;
  clientDir: string;
  buildHash: string;
  /** The student information system: the HTTP adapter when `baseUrl` is set, else the sample one. */
  sis: {
    baseUrl: string | undefined;
    token: string | undefined;
    timeoutMs: number;
    /** With a cached copy, how long a reader waits for the SIS before the copy answers. */
    staleAfterMs: number;
  };
  /** The university's names, addresses and links (contract/campus.schema.ts). */
  campus: Campus;
  /** Every /api call answers 503, so the portal shows its maintenance screen. */
  maintenance: boolean;
  /**
   * The events and news feeds (their addresses are campus configuration): per-fetch time limit, and
   * the image hosts the server may reach although they are not public addresses (campus network).
   */
  feeds: { timeoutMs: number; imagePrivateHosts: string[] };
  /** Redis, when set, holds the answer cache and the rate-limit counters every process shares. */
  redis: { url: string | undefined; keyPrefix: string };
  /**
   * `/metrics` (Prometheus): on the main port behind `Authorization: Bearer <token>` when `token` is
   * set, on a port of its own when `port` is set; with neither it is not served at all.
   */
  metrics: { token: string | undefined; port: number | undefined };
  /**
   * Email (reminders): sent through the SMTP server at `smtpUrl` (`smtp://` or `smtps://`, with
   * credentials) from `from`; without `smtpUrl` every email goes to the outbox staff read at
   * /admin/outbox. `from`: `MAIL_FROM`, else the product's name at `no-reply@` the public host.
   * `poolSize` connections are shared by every send; `ca`, read from `SMTP_CA_FILE` at start, is
   * trusted for the server's certificate besides the public roots. An unsubscribe link works for
   * `unsubscribeLinkDays` after its email was written.
   */
  mail: {
    smtpUrl: string | undefined;
    from: string;
    poolSize: number;
    ca: SmtpCa | undefined;
    unsubscribeLinkDays: number;
  };
  /**
   * Web push: the VAPID key pair when both are given (else one is generated once and kept in the
   * store), and the contact the push services are given (`VAPID_SUBJECT`, else `mailto:` the sender).
   */
  push: {
    vapid: { publicKey: string; privateKey: string } | undefined;
    subject: string;
    /** The only hosts a device's endpoint may name (push-endpoint.ts applies it). */
    serviceHosts: PushServiceHosts;
    /** Time limit of one push request: a device that accepts and never answers fails this fast. */
    timeoutMs: number;
  };
  /**
   * Text messages (reminders): through Twilio's Messages API when `twilio` is set (all of
   * TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM), else kept in the outbox at /admin/outbox.
   */
  sms: {
    twilio: { accountSid: string; authToken: string; from: string; apiUrl: string } | undefined;
    timeoutMs: number;
  };
  /**
   * The notification worker's pool (issue 40): sends in flight at most (`concurrency`), of them kept
   * for urgent work (`urgentSlots`), to one destination at most (`perDestination`); a claim's lease,
   * and the backstop after which a send that has not settled is given up and retried.
   */
  notify: {
    concurrency: number;
    urgentSlots: number;
    perDestination: number;
    leaseMs: number;
    sendTimeoutMs: number;
  };
}

export interface ConfigFiles {
  /** `dist/build.json`, written by `npm run build` with the git short hash. */
  buildStamp?: string | URL;
}

/** The stamp sits next to the compiled server: dist/server/config.js → dist/build.json. */
const defaultBuildStamp = new URL('../build.json', import.meta.url);

/** The short hash the last build recorded, or undefined when there is no readable stamp. */
export function readBuildHash(stamp: string | URL = defaultBuildStamp): string | undefined {
  try {
    const parsed = z
      .object({ hash: z.string().min(1) })
      .safeParse(JSON.parse(readFileSync(stamp, 'utf8')));
    return parsed.success ? parsed.data.hash : undefined;
  } catch {
    return undefined;
  }
}

/** Reads and checks the `CAMPUS_CONFIG` JSON file; unset means the placeholder defaults. */
export function readCampusConfig(file: string | undefined): Campus {
  if (!file) return withPhoneLabel(defaultCampus);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new ConfigError(
      `Invalid configuration:\n  CAMPUS_CONFIG: cannot read ${file}: ${reason}`,
    );
  }
  const parsed = campusSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `CAMPUS_CONFIG ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  if (!isPhoneCountry(parsed.data.phone.defaultCountry)) {
    throw new ConfigError(
      `Invalid configuration:\n  CAMPUS_CONFIG phone.defaultCountry: not a country the phone rule knows`,
    );
  }
  return withPhoneLabel(parsed.data);
}

/** The safety number as shown, by the phone rule, unless the campus wrote its own label. */
function withPhoneLabel(campus: Campus): Campus {
  const { safety, phone } = campus;
  if (safety.phoneLabel) return campus;
  const label = formatPhoneNumber(safety.phone, phone.defaultCountry) || safety.phone;
  return { ...campus, safety: { ...safety, phoneLabel: label } };
}

/** The campus CA for the SMTP server's certificate: the file, its PEM certificates, and whom they name. */
export interface SmtpCa {
  file: string;
  pems: string[];
  /** Each certificate's subject and last day, for the start-up report. */
  names: string[];
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * Reads `SMTP_CA_FILE` once, at start: every certificate in it must parse, so a wrong path, a key
 * instead of a certificate or a truncated copy stops the start with its reason instead of failing
 * every send later with a TLS error.
 */
export function readSmtpCa(file: string | undefined): SmtpCa | undefined {
  if (!file) return undefined;
  const fail = (why: string) => new ConfigError(`Invalid configuration:\n  SMTP_CA_FILE: ${why}`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw fail(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const pems = text.match(PEM_BLOCK) ?? [];
  if (pems.length === 0)
    throw fail(`${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  const names = pems.map((pem, i) => {
    try {
      const cert = new X509Certificate(pem);
      return `${cert.subject.replace(/\n/g, ', ')} (until ${new Date(cert.validTo).toISOString().slice(0, 10)})`;
    } catch (err) {
      throw fail(
        `certificate ${i + 1} of ${file} cannot be parsed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  });
  return { file, pems, names };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = z.infer<typeof envSchema>;

const OIDC_REQUIRED = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_REDIRECT_URI'] as const;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Plain http is only acceptable to a provider on this machine (a local test provider). */
const isSafeUrl = (url: URL) => url.protocol === 'https:' || LOOPBACK.has(url.hostname);

function oidcFrom(e: Env): OidcConfig | undefined {
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
    clientSecret: e.OIDC_CLIENT_SECRET,
    redirectUri,
    postLogoutRedirectUri: new URL(e.OIDC_POST_LOGOUT_REDIRECT_URI ?? new URL('/', redirectUri)),
    scopes: e.OIDC_SCOPES.split(/\s+/).includes('openid')
      ? e.OIDC_SCOPES
      : `openid ${e.OIDC_SCOPES}`,
    usernameClaim: e.OIDC_USERNAME_CLAIM,
  };
}

const TWILIO_REQUIRED = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

/** Twilio's Messages API for text messages: all three variables, or none (texts kept in the outbox). */
function twilioFrom(e: Env): Config['sms']['twilio'] {
  const missing = TWILIO_REQUIRED.filter((name) => e[name] === undefined);
  if (missing.length === TWILIO_REQUIRED.length) return undefined;
  if (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM) {
    throw new ConfigError(
      `Invalid configuration: text messages need ${TWILIO_REQUIRED.join(', ')}; missing ${missing.join(', ')}.`,
    );
  }
  if (!isSafeUrl(new URL(e.TWILIO_API_URL))) {
    throw new ConfigError(
      'Invalid configuration: TWILIO_API_URL must be https (http only on loopback).',
    );
  }
  return {
    accountSid: e.TWILIO_ACCOUNT_SID,
    authToken: e.TWILIO_AUTH_TOKEN,
    from: e.TWILIO_FROM,
    apiUrl: new URL(e.TWILIO_API_URL).origin,
  };
}

/** Parses the environment once; a bad value or an unsafe combination stops the start with a reason. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  files: ConfigFiles = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
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
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new ConfigError(
      'Refusing to start: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are one key pair: set both, or ' +
        'neither (a pair is then generated once and kept in the store).',
    );
  }
  if (production && oidc && !e.SIS_BASE_URL && !e.ALLOW_SAMPLE_SIS) {
    throw new ConfigError(
      'Refusing to start: NODE_ENV=production signs people in through OpenID Connect but reads the ' +
        'embedded sample SIS, so real people would get sample records. Set SIS_BASE_URL to the ' +
        "university's student information system, or ALLOW_SAMPLE_SIS=1 on a staging server.",
    );
  }
  // Real people never meet sample data: off by default where they sign in, refused there unless the
  // server is a staging one (ALLOW_SAMPLE_SIS=1).
  const realPeople = production && Boolean(oidc);
  const seedSamples = e.SEED_SAMPLES ?? !realPeople;
  if (realPeople && seedSamples && !e.ALLOW_SAMPLE_SIS) {
    throw new ConfigError(
      'Refusing to start: SEED_SAMPLES=1 with NODE_ENV=production and OpenID Connect would add the ' +
        'sample messages, Next Steps tasks and content for real people. Unset SEED_SAMPLES, or set ' +
        'ALLOW_SAMPLE_SIS=1 on a staging server.',
    );
  }
  const campus = readCampusConfig(e.CAMPUS_CONFIG);
  const publicOrigin = publicOriginOf(e);
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    demoSignIn,
    seedSamples,
    oidc,
    groups: {
      claim: e.OIDC_GROUPS_CLAIM,
      staff: e.STAFF_GROUPS,
      superuser: e.SUPERUSER_GROUPS,
      demo: e.DEMO_GROUPS,
    },
    trustProxy: e.TRUST_PROXY,
    sessionSecret: e.SESSION_SECRET,
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, absoluteHours: e.SESSION_ABSOLUTE_HOURS },
    rateLimit: {
      signInPerMinute: e.RATE_LIMIT_SIGN_IN_PER_MINUTE,
      apiPerMinute: e.RATE_LIMIT_API_PER_MINUTE,
    },
    search: { budgetMs: e.SEARCH_BUDGET_MS, perMinute: e.SEARCH_PER_MINUTE },
    logLevel: e.LOG_LEVEL,
    publicOrigin,
    clientDir: e.CLIENT_DIR,
    buildHash: e.BUILD_HASH ?? readBuildHash(files.buildStamp) ?? 'dev',
    campus,
    maintenance: e.MAINTENANCE,
    sis: {
      baseUrl: e.SIS_BASE_URL,
      token: e.SIS_TOKEN,
      timeoutMs: e.SIS_TIMEOUT_MS,
      staleAfterMs: e.SIS_STALE_AFTER_MS,
    },
    feeds: {
      timeoutMs: e.FEED_TIMEOUT_MS,
      imagePrivateHosts: e.FEED_IMAGE_PRIVATE_HOSTS.map((h) => h.toLowerCase()),
    },
    redis: { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? defaultFrom(campus.productName, publicOrigin),
      poolSize: e.SMTP_POOL_SIZE,
      ca: readSmtpCa(e.SMTP_CA_FILE),
      unsubscribeLinkDays: e.UNSUBSCRIBE_LINK_DAYS,
    },
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? `mailto:no-reply@${new URL(publicOrigin).hostname}`,
      serviceHosts: e.PUSH_SERVICE_HOSTS,
      timeoutMs: e.PUSH_TIMEOUT_MS,
    },
    sms: {
      twilio: twilioFrom(e),
      timeoutMs: e.SMS_TIMEOUT_MS,
    },
    notify: notifyFrom(e),
  };
}

/** The worker's pool; an urgent lane that leaves routine work no slot, or a lease a send outlives, stops the start. */
function notifyFrom(e: Env): Config['notify'] {
  if (e.NOTIFY_URGENT_SLOTS >= e.NOTIFY_CONCURRENCY) {
    throw new ConfigError(
      'Invalid configuration: NOTIFY_URGENT_SLOTS must be less than NOTIFY_CONCURRENCY (routine work needs a slot).',
    );
  }
  if (e.NOTIFY_SEND_TIMEOUT_SECONDS >= e.NOTIFY_LEASE_SECONDS) {
    throw new ConfigError(
      'Invalid configuration: NOTIFY_SEND_TIMEOUT_SECONDS must be less than NOTIFY_LEASE_SECONDS (a send must end before its lease).',
    );
  }
  return {
    concurrency: e.NOTIFY_CONCURRENCY,
    urgentSlots: e.NOTIFY_URGENT_SLOTS,
    perDestination: e.NOTIFY_PER_DESTINATION,
    leaseMs: e.NOTIFY_LEASE_SECONDS * 1000,
    sendTimeoutMs: e.NOTIFY_SEND_TIMEOUT_SECONDS * 1000,
  };
}

/** `"Campus Portal" <no-reply@portal.example.edu>`, from the product's name and the public host. */
function defaultFrom(productName: string, publicOrigin: string): string {
  return `"${productName.replace(/["\\]/g, '')}" <no-reply@${new URL(publicOrigin).hostname}>`;
}

/** `PUBLIC_ORIGIN`, else where the identity provider sends people back to, else this server. */
function publicOriginOf(e: z.infer<typeof envSchema>): string {
  if (e.PUBLIC_ORIGIN) return new URL(e.PUBLIC_ORIGIN).origin;
  if (e.OIDC_REDIRECT_URI) return new URL(e.OIDC_REDIRECT_URI).origin;
  const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(e.HOST) ? 'localhost' : e.HOST;
  return new URL(`http://${host.includes(':') ? `[${host}]` : host}:${e.PORT}`).origin;
}

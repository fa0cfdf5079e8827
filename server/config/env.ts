/**
 * Every environment variable the server reads, with its default, in one zod schema (docs/configuration.md
 * documents each one), and the one way it is parsed. The concerns (auth.ts, store.ts, sources.ts,
 * notify.ts, runtime.ts, campus.ts) turn the parsed variables into their part of the configuration.
 */
import { z } from 'zod';
import { lmsSourceEnv } from '../coursework/sources/settings.js';
import { sisAdapterEnv } from '../sis/adapters/settings.js';
import {
  ConfigError,
  flag,
  httpUrl,
  optional,
  positiveInt,
  withoutCredentials,
} from './env-values.js';
import { degreeSourceEnv } from './degree-source.js';
import { paymentsEnv } from './payments.js';

export { ConfigError, isSafeUrl } from './env-values.js';

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
  /** The SAML identity provider's metadata: a file path, or an https URL (http only on loopback). */
  SAML_IDP_METADATA: optional(withoutCredentials(z.string().max(4096))),
  SAML_SP_ENTITY_ID: optional(z.string().min(1).max(1024)),
  SAML_SP_KEY_FILE: optional(z.string()),
  SAML_SP_CERT_FILE: optional(z.string()),
  /** An attribute's OID or friendly name (`eduPersonPrincipalName`, `uid`), or `NameID`. */
  SAML_USERNAME_ATTRIBUTE: optional(z.string().min(1).max(255)).default('eduPersonPrincipalName'),
  SAML_GROUPS_ATTRIBUTE: optional(z.string().min(1).max(255)).default('isMemberOf'),
  /** Accept SHA-1 signatures and digests from the IdP (an old IdP that cannot sign otherwise). */
  SAML_ALLOW_SHA1: optional(flag).default(false),
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
  RATE_LIMIT_INBOUND_PER_MINUTE: optional(positiveInt).default(60),
  /** How long an inbound call's silent Idempotency-Key mark holds before a retry may run it. */
  INBOUND_LEASE_SECONDS: optional(z.coerce.number().int().min(3).max(3600)).default(30),
  SEARCH_BUDGET_MS: optional(z.coerce.number().int().min(0).max(10_000)).default(250),
  SEARCH_PER_MINUTE: optional(positiveInt).default(60),
  LOG_LEVEL: optional(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  ).default('info'),
  CLIENT_DIR: optional(z.string()).default('dist/client'),
  BUILD_HASH: optional(z.string()),
  CAMPUS_CONFIG: optional(z.string()),
  MAINTENANCE: optional(flag).default(false),
  /** On SIGTERM, how long requests under way may take before the process exits anyway. */
  SHUTDOWN_GRACE_SECONDS: optional(z.coerce.number().int().min(0).max(300)).default(10),
  /**
   * Issue 90: what this process does. `web` answers requests and runs no scheduled work; `worker`
   * runs the scheduled work (senders, change sweeps, Ethos change notifications, coursework polls,
   * expiries) beside its probes; `all` does both, as every process did before.
   */
  PROCESS_ROLE: optional(z.enum(['all', 'web', 'worker'])).default('all'),
  /** 1: nothing is sent (planner and worker off), as a restored copy starts (docs/operations.md). */
  NOTIFY_PAUSED: optional(flag).default(false),
  ...sisAdapterEnv,
  /** Issue 92: where the degree audit comes from (config/degree-source.ts). */
  ...degreeSourceEnv,
  /** Issue 74: `off` turns the changes to a student's record off (no sweep, no message). */
  CHANGES: optional(z.enum(['on', 'off'])).default('on'),
  /** Issue 75: `off` sends the portal's first screen undrawn, for the browser to draw. */
  SERVER_RENDER: optional(z.enum(['on', 'off'])).default('on'),
  /** How long a server render may take before the page goes out undrawn. */
  SERVER_RENDER_MS: optional(z.coerce.number().int().min(100).max(30_000)).default(3000),
  /**
   * Minutes between two sweeps comparing every student's record (server/changes/): as short as one
   * (issue 91: a small campus, a test, an adapter without a change feed such as PeopleSoft).
   */
  CHANGES_SWEEP_MINUTES: optional(z.coerce.number().int().min(1).max(10_080)).default(60),
  /** Issue 73: how long a support staff member's view as a student lasts at most, in minutes. */
  VIEW_AS_MINUTES: optional(z.coerce.number().int().min(1).max(240)).default(30),
  /** Issue 73: `off`: the student is not emailed of a view (Account lists it all the same). */
  VIEW_AS_NOTIFY: optional(z.enum(['on', 'off'])).default('on'),
  /** Issue 73: the office a student is told viewed their portal. */
  VIEW_AS_OFFICE: optional(z.string().trim().min(1).max(120)).default('IT Help Desk'),
  /** Issue 73: `on`: the student is also told the staff member's name. */
  VIEW_AS_SHOW_NAME: optional(z.enum(['on', 'off'])).default('off'),
  /** Students whose record a sweep reads from the SIS at once. */
  SIS_CONCURRENCY: optional(z.coerce.number().int().min(1).max(64)).default(4),
  ...lmsSourceEnv,
  /** Issue 89: the payment provider (config/payments.ts). */
  ...paymentsEnv,
  SIS_TIMEOUT_MS: optional(z.coerce.number().int().min(1).max(120_000)).default(8000),
  SIS_STALE_AFTER_MS: optional(z.coerce.number().int().min(0).max(120_000)).default(1500),
  FEED_TIMEOUT_MS: optional(z.coerce.number().int().min(1).max(120_000)).default(5000),
  FEED_IMAGE_PRIVATE_HOSTS: optional(groupList).default([]),
  REDIS_URL: optional(
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }),
  ),
  REDIS_KEY_PREFIX: optional(z.string().max(100)).default('portal:'),
  /** The in-process answer cache's room (without REDIS_URL), in MB of the answers' JSON. */
  CACHE_MAX_MB: optional(z.coerce.number().int().min(1).max(4096)).default(32),
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
  METRICS_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  /**
   * Issue 90: an OTLP/HTTP collector's address (`http://collector:4318`): traces of every request,
   * with its upstream reads and sends as child spans, go to `<endpoint>/v1/traces`. Unset: none.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(z.url({ protocol: /^https?$/ })),
  OTEL_SERVICE_NAME: optional(z.string().min(1).max(100)).default('campus-portal'),
  /**
   * The share of requests traced, 0 to 1 (OpenTelemetry's own name for the ratio): a trace costs
   * the web process 1.6–2× the CPU of an untraced request (bench/tracing.bench.ts), so a large campus
   * keeps a sample. A request whose caller sent a sampled trace context is traced whatever the ratio.
   */
  OTEL_TRACES_SAMPLER_ARG: optional(z.coerce.number().min(0).max(1)).default(1),
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
    withoutCredentials(
      z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// URL'),
    ),
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
  // Issue 63: 96 in all, 72 kept for the emergency lane, so routine work keeps the 24 it had and an
  // alert's 32 to its push service are never held by a tarpit's 32 or by routine work.
  NOTIFY_CONCURRENCY: optional(z.coerce.number().int().min(2).max(1000)).default(96),
  NOTIFY_URGENT_SLOTS: optional(z.coerce.number().int().min(0).max(999)).default(72),
  NOTIFY_PER_DESTINATION: optional(z.coerce.number().int().min(1).max(1000)).default(8),
  NOTIFY_URGENT_PER_DESTINATION: optional(z.coerce.number().int().min(1).max(1000)).default(32),
  NOTIFY_LEASE_SECONDS: optional(z.coerce.number().int().min(2).max(3600)).default(120),
  NOTIFY_SEND_TIMEOUT_SECONDS: optional(z.coerce.number().int().min(1).max(3599)).default(60),
});

export type Env = z.infer<typeof envSchema>;

/** The variables, parsed and checked one by one; a bad value stops the start with every reason. */
export function parseEnv(env: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return parsed.data;
}

import type { Config } from './config.js';
import { FEED_REDIRECTS } from './feeds/fetch-feed.js';
import { OutboundError } from './net/outbound.js';
import {
  errorText,
  probeDatabase,
  probeHttp,
  probeOidc,
  probeRedis,
  probeSmtp,
  within,
} from './preflight-probes.js';
import type { Probe } from './preflight-probes.js';
import { lmsSecrets } from './config/lms.js';
import { sisSecrets } from './config/sis.js';
import { sisConnectProbe } from './sis/adapters/index.js';
import type { ConnectOptions } from './sis/adapters/index.js';

/**
 * `npm run config:check -- --connect` (issue 62): the pre-flight an administrator runs before the
 * first start. Each component the configuration names is opened once, within its own time limit, and
 * answers one line: reachable (with its version where it says one, and the time it took) or the exact
 * error. Nothing is written anywhere. Placeholder secrets are refused before anything is opened.
 */

/** One component's outcome. */
export interface PreflightLine {
  component: string;
  ok: boolean;
  /** `reachable, PostgreSQL 16.4, 12 ms`, or the error as the library gave it. */
  detail: string;
}

/** Words of a value never meant to be used: the environment template's `CHANGE-ME`, and kin. */
const PLACEHOLDER =
  /change[-_ ]?me|placeholder|replace[-_ ]?me|^x{4,}$|^your[-_]|^secret$|^password$/i;

/** A connection address's password, when it has one. */
function passwordOf(address: string | undefined | null): string {
  if (!address) return '';
  try {
    return decodeURIComponent(new URL(address).password);
  } catch {
    return '';
  }
}

/** The configured secrets, by the variable an administrator sets. */
function secretsOf(config: Config): Array<[string, string | undefined]> {
  return [
    ['SESSION_SECRET', config.sessionSecret],
    ['OIDC_CLIENT_SECRET', config.oidc?.clientSecret],
    ...lmsSecrets(config),
    ...sisSecrets(config.sis),
    [
      'DEGREEWORKS_TOKEN',
      config.sis.degree.source === 'degreeworks' && config.sis.degree.auth.mode === 'service'
        ? config.sis.degree.auth.token.reveal()
        : undefined,
    ],
    ['TWILIO_AUTH_TOKEN', config.sms.twilio?.authToken],
    ['VAPID_PRIVATE_KEY', config.push.vapid?.privateKey],
    ['DATABASE_URL (its password)', passwordOf(config.databaseUrl)],
    ['REDIS_URL (its password)', passwordOf(config.redis.url)],
    ['SMTP_URL (its password)', passwordOf(config.mail.smtpUrl)],
  ];
}

/** The secrets still set to a placeholder, one line each. */
export function placeholderSecrets(config: Config): PreflightLine[] {
  return secretsOf(config)
    .filter(([, value]) => value !== undefined && PLACEHOLDER.test(value))
    .map(([name]) => ({
      component: name,
      ok: false,
      detail: 'REFUSED: a placeholder (such as CHANGE-ME); set a real secret',
    }));
}

/** What `config:check` was asked beyond the configuration. */
export type PreflightOptions = ConnectOptions;

/** The components this configuration names, each with its probe. */
function probesOf(config: Config, options: PreflightOptions): Array<[string, Probe]> {
  const probes: Array<[string, Probe]> = [['database', (_s, ms) => probeDatabase(config, ms)]];
  const { redis, oidc, saml, mail, campus } = config;
  if (redis.url) probes.push(['redis', (_s, ms) => probeRedis(redis.url!, ms)]);
  // The SIS as the portal will use it: each adapter's own check (server/sis/adapters/).
  const sisProbe = sisConnectProbe(config, options);
  if (sisProbe) probes.push(['sis', sisProbe]);
  if (oidc) probes.push(['openid', (signal, ms) => probeOidc(oidc.issuer, signal, ms)]);
  if (saml) {
    probes.push([
      'saml metadata',
      async () => {
        const { loadIdpMetadata } = await import('./auth/saml-idp-metadata.js');
        const idp = await loadIdpMetadata(saml.idpMetadata);
        return `IdP ${idp.entityId}, ${idp.signingCerts.length} signing certificate(s)`;
      },
    ]);
  }
  if (mail.smtpUrl) probes.push(['smtp', (_s, ms) => probeSmtp(mail.smtpUrl!, ms)]);
  const feeds: Array<[string, string | null | undefined]> = [
    ['feed emergency alerts', campus.emergencyAlertsFeed],
    ['feed university events', campus.feeds.universityEvents],
    ['feed campus-group events', campus.feeds.campusGroupEvents],
    ['feed campus-group news', campus.feeds.campusGroupNews],
  ];
  for (const [name, url] of feeds) {
    if (url) probes.push([name, (signal, ms) => probeHttp(url, signal, ms, FEED_REDIRECTS)]);
  }
  // Issue 92: each office's calendar of appointments, named by its office: its address is a
  // secret, so a failure says only what went wrong.
  for (const { office, url } of campus.appointments.calendars) {
    probes.push([
      `office calendar ${office}`,
      (signal, ms) =>
        probeHttp(url, signal, ms, FEED_REDIRECTS).catch((err: unknown) => {
          const failure = err instanceof OutboundError ? err.failure : 'no answer';
          throw new Error(`not reached (${failure}); its address is in the campus configuration`);
        }),
    ]);
  }
  return probes;
}

/**
 * Every component the configuration names, opened at once, each within `timeoutMs`; placeholder
 * secrets first. The lines come in a fixed order (database, Redis, SIS, sign-in, SMTP, feeds,
 * office calendars).
 */
export async function preflight(
  config: Config,
  timeoutMs = 5_000,
  options: PreflightOptions = {},
): Promise<PreflightLine[]> {
  const placeholders = placeholderSecrets(config);
  const checked = await Promise.all(
    probesOf(config, options).map(async ([component, probe]): Promise<PreflightLine> => {
      const started = performance.now();
      try {
        const what = await within(timeoutMs, (signal) => probe(signal, timeoutMs));
        const ms = Math.round(performance.now() - started);
        return { component, ok: true, detail: `reachable, ${what}, ${ms} ms` };
      } catch (err) {
        return { component, ok: false, detail: `FAILED: ${errorText(err)}` };
      }
    }),
  );
  return [...placeholders, ...checked];
}

/** The lines as printed: the component's name in a column, then what it answered. */
export const preflightText = (lines: readonly PreflightLine[]) =>
  lines.map((line) => `  ${line.component.padEnd(26)} ${line.detail}`);

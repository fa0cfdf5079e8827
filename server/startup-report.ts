import type { Config } from './config.js';
import { lmsReportLine } from './config/lms.js';
import { sisReportLine } from './config/sis.js';
import { printableUrl } from './net/printable-url.js';
import type { FeedProblem, FeedProblems } from './feeds/feed-problems.js';

/** What the server says about itself before it serves: where its data, people and feeds come from. */
export interface StartupReport {
  lines: string[];
  warnings: string[];
}

/** Every address printed here drops its user part (`printableUrl`), so the report can go to any log. */
const at = (address: string | URL) => printableUrl(address);

/** Which sign-in, and for SAML where its metadata, key pair and attributes come from (never the key). */
function signInLine(config: Config): string {
  if (config.oidc) return `OpenID Connect at ${at(config.oidc.issuer)}`;
  const { saml } = config;
  if (!saml) return 'the demo sign-in page';
  const metadata = 'url' in saml.idpMetadata ? at(saml.idpMetadata.url) : saml.idpMetadata.file;
  return (
    `SAML 2.0, IdP metadata from ${metadata} (refreshed daily); entity id ${saml.entityId}; ` +
    `key pair ${saml.keyFile}, ${saml.certFile} (certificate valid until ${saml.certificateExpires.toISOString().slice(0, 10)}); ` +
    `username from ${saml.usernameAttribute}, groups from ${saml.groupsAttribute}`
  );
}

/** What each PROCESS_ROLE runs (issue 90). */
const roleLine: Record<Config['role'], string> = {
  all: 'all: answers requests and runs the scheduled work (PROCESS_ROLE=web|worker splits them)',
  web: 'web: answers requests; no scheduled work runs here (a worker process runs it)',
  worker: 'worker: runs the scheduled work; its port answers the probes and /metrics',
};

const feedSource = (url: string | null | undefined) => (url ? at(url) : 'the bundled sample');

/**
 * The report the first log lines carry: which store, cache, student information system, sign-in
 * mode and feeds this process runs on. An operator reads it to see the process runs on what they
 * configured, not on a quiet default; the demo sign-in page, which lets anyone be staff, is a warning.
 */
/** Issue 92: where degree progress comes from when not from the SIS adapter (never the token). */
const degreeLine = ({ sis: { degree } }: Config) =>
  degree.source === 'degreeworks'
    ? `; degree progress from DegreeWorks at ${at(degree.url)} (school ${degree.school}, ${degree.auth.mode === 'service' ? 'service token' : "the student's own token"})`
    : '';

export function startupReport(config: Config): StartupReport {
  const { campus } = config;
  const lines = [
    `Campus Portal (${config.nodeEnv}, build ${config.buildHash}, Node ${process.versions.node})`,
    `  store:    ${config.databaseUrl ? `PostgreSQL at ${at(config.databaseUrl)}` : `SQLite in ${config.dataDir}/portal.sqlite`}`,
    `  cache:    ${config.redis.url ? `Redis at ${at(config.redis.url)} (keys ${config.redis.keyPrefix}*), shared by every process` : 'in this process only (set REDIS_URL to share it between processes)'}`,
    `  SIS:      ${sisReportLine(config.sis)}${degreeLine(config)}`,
    `  LMS:      ${lmsReportLine(config)}`,
    `  samples:  ${config.seedSamples ? 'sample messages, Next Steps tasks and content in an empty store (SEED_SAMPLES=0 leaves them out)' : 'none (SEED_SAMPLES=0)'}`,
    `  sign-in:  ${signInLine(config)}`,
    `  feeds:    emergency alerts from ${feedSource(campus.emergencyAlertsFeed)}; events from ${feedSource(campus.feeds.universityEvents)}; group events from ${feedSource(campus.feeds.campusGroupEvents)}; group news from ${feedSource(campus.feeds.campusGroupNews)}; a problem the first read of a configured feed finds is reported then`,
    `  proxy:    ${config.trustProxy === false ? 'none trusted (the socket address is the client)' : `X-Forwarded-For trusted from ${Array.isArray(config.trustProxy) ? config.trustProxy.join(', ') : `${config.trustProxy} hop(s)`}`}`,
    `  email:    ${config.mail.smtpUrl ? `SMTP at ${at(config.mail.smtpUrl)}, from ${config.mail.from}, ${config.mail.poolSize} pooled connection(s)` : 'kept in the outbox at /admin/outbox, not delivered (set SMTP_URL to send it)'}`,
    `  mail TLS: ${config.mail.ca ? `the public roots and the CA in ${config.mail.ca.file}: ${config.mail.ca.names.join('; ')}` : 'the public roots (set SMTP_CA_FILE to trust a campus CA)'}`,
    `  texts:    ${config.sms.twilio ? `Twilio at ${at(config.sms.twilio.apiUrl)}, from ${config.sms.twilio.from}` : 'kept in the outbox at /admin/outbox, not delivered (set TWILIO_* to send them)'}`,
    // Where the keys come from, never the keys themselves.
    `  push:     VAPID keys ${config.push.vapid ? 'from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY' : 'generated and kept in the database'}, contact ${config.push.subject}`,
    `  role:     ${roleLine[config.role]}`,
    `  sending:  ${config.notify.paused ? 'PAUSED (NOTIFY_PAUSED=1): no reminder, digest, message or alert is sent; set NOTIFY_PAUSED=0 to send' : 'on: reminders, digests, messages and alerts are sent'}`,
    `  secret:   ${config.sessionSecret ? 'SESSION_SECRET' : 'random for this process (set SESSION_SECRET for restarts and several processes)'}`,
  ];
  const warnings: string[] = [];
  if (config.demoSignIn) {
    warnings.push(
      'WARNING: the demo sign-in page is on: anyone who reaches this server can sign in as any ' +
        'person, staff included. Configure OpenID Connect (OIDC_*) or SAML (SAML_*) for real people.',
    );
  }
  const certExpires = config.saml?.certificateExpires;
  if (certExpires && certExpires.getTime() - Date.now() < 30 * 24 * 3_600_000) {
    warnings.push(
      `WARNING: the SAML certificate (SAML_SP_CERT_FILE) expires ${certExpires.toISOString().slice(0, 10)}: ` +
        'give the IdP team the new metadata before it does.',
    );
  }
  if (config.mail.ca && !config.mail.smtpUrl) {
    warnings.push('WARNING: SMTP_CA_FILE is set but SMTP_URL is not: email stays in the outbox.');
  }
  if (config.notify.paused) {
    warnings.push(
      'WARNING: NOTIFY_PAUSED=1: this process sends nothing (a restored copy starts so). Set ' +
        'NOTIFY_PAUSED=0 and restart once it is the portal people use.',
    );
  }
  return { lines, warnings };
}

/**
 * The start-up report's line for a configured feed whose first read found a problem (a campus-group
 * feed without a field of its namespace, a document without items): written when that read ends,
 * since the report itself is written before any feed is read.
 */
export function feedProblemWarning(found: FeedProblem): string {
  const hint = found.problem.includes('namespace')
    ? ' Check campusGroups.namespace and campusGroups.fields in CAMPUS_CONFIG against the feed.'
    : '';
  return (
    `WARNING: feed ${found.feed}: its first read found ${found.problem}.${hint} ` +
    'Shown on /readyz and to staff in the admin until a read finds it fixed.'
  );
}

/** Writes the start-up report's line for each feed whose first read in this process finds a problem. */
export function reportFeedProblems(problems: FeedProblems, write: (line: string) => void): void {
  problems.onFirstRead((found) => write(feedProblemWarning(found)));
}

import type { Config } from './config.js';

/** What the server says about itself before it serves: where its data, people and feeds come from. */
export interface StartupReport {
  lines: string[];
  warnings: string[];
}

/** A connection address without its password, so the report can go to any log. */
function withoutSecrets(address: string): string {
  try {
    const url = new URL(address);
    url.password = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return '(unreadable address)';
  }
}

const feedSource = (url: string | null | undefined) => url ?? 'the bundled sample';

/**
 * The report the first log lines carry: which store, cache, student information system, sign-in
 * mode and feeds this process runs on. An operator reads it to see the process runs on what they
 * configured, not on a quiet default; the demo sign-in page, which lets anyone be staff, is a warning.
 */
export function startupReport(config: Config): StartupReport {
  const { campus } = config;
  const lines = [
    `Campus Portal (${config.nodeEnv}, build ${config.buildHash}, Node ${process.versions.node})`,
    `  store:    ${config.databaseUrl ? `PostgreSQL at ${withoutSecrets(config.databaseUrl)}` : `SQLite in ${config.dataDir}/portal.sqlite`}`,
    `  cache:    ${config.redis.url ? `Redis at ${withoutSecrets(config.redis.url)} (keys ${config.redis.keyPrefix}*), shared by every process` : 'in this process only (set REDIS_URL to share it between processes)'}`,
    `  SIS:      ${config.sis.baseUrl ? `HTTP at ${config.sis.baseUrl}` : 'the embedded sample SIS (sample people and records)'}`,
    `  samples:  ${config.seedSamples ? 'sample messages, Next Steps tasks and content in an empty store (SEED_SAMPLES=0 leaves them out)' : 'none (SEED_SAMPLES=0)'}`,
    `  sign-in:  ${config.oidc ? `OpenID Connect at ${config.oidc.issuer.toString()}` : 'the demo sign-in page'}`,
    `  feeds:    emergency alerts from ${feedSource(campus.emergencyAlertsFeed)}; events from ${feedSource(campus.feeds.universityEvents)}; group events from ${feedSource(campus.feeds.campusGroupEvents)}; group news from ${feedSource(campus.feeds.campusGroupNews)}`,
    `  proxy:    ${config.trustProxy === false ? 'none trusted (the socket address is the client)' : `X-Forwarded-For trusted from ${Array.isArray(config.trustProxy) ? config.trustProxy.join(', ') : `${config.trustProxy} hop(s)`}`}`,
    `  email:    ${config.mail.smtpUrl ? `SMTP at ${withoutSecrets(config.mail.smtpUrl)}, from ${config.mail.from}, ${config.mail.poolSize} pooled connection(s)` : 'kept in the outbox at /admin/outbox, not delivered (set SMTP_URL to send it)'}`,
    `  mail TLS: ${config.mail.ca ? `the public roots and the CA in ${config.mail.ca.file}: ${config.mail.ca.names.join('; ')}` : 'the public roots (set SMTP_CA_FILE to trust a campus CA)'}`,
    `  texts:    ${config.sms.twilio ? `Twilio at ${config.sms.twilio.apiUrl}, from ${config.sms.twilio.from}` : 'kept in the outbox at /admin/outbox, not delivered (set TWILIO_* to send them)'}`,
    // Where the keys come from, never the keys themselves.
    `  push:     VAPID keys ${config.push.vapid ? 'from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY' : 'generated and kept in the database'}, contact ${config.push.subject}`,
    `  secret:   ${config.sessionSecret ? 'SESSION_SECRET' : 'random for this process (set SESSION_SECRET for restarts and several processes)'}`,
  ];
  const warnings: string[] = [];
  if (config.demoSignIn) {
    warnings.push(
      'WARNING: the demo sign-in page is on: anyone who reaches this server can sign in as any ' +
        'person, staff included. Configure OpenID Connect (OIDC_*) for real people.',
    );
  }
  if (config.mail.ca && !config.mail.smtpUrl) {
    warnings.push('WARNING: SMTP_CA_FILE is set but SMTP_URL is not: email stays in the outbox.');
  }
  return { lines, warnings };
}

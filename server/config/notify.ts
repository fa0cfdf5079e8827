import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigError, isSafeUrl } from './env.js';
import type { Env } from './env.js';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * Reads `SMTP_CA_FILE` once, at start: every certificate in it must parse, so a wrong path, a key
 * instead of a certificate or a truncated copy stops the start with its reason instead of failing
 * every send later with a TLS error. The file, its PEM certificates, and (for the start-up report)
 * each certificate's subject and last day.
 */
function readSmtpCa(file: string | undefined) {
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

/** `"Campus Portal" <no-reply@portal.example.edu>`, from the product's name and the public host. */
function defaultFrom(productName: string, publicOrigin: string): string {
  return `"${productName.replace(/["\\]/g, '')}" <no-reply@${new URL(publicOrigin).hostname}>`;
}

const TWILIO_REQUIRED = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

/** Twilio's Messages API for text messages: all three variables, or none (texts kept in the outbox). */
function twilioFrom(e: Env) {
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

/** The worker's pool; an urgent lane that leaves routine work no slot, or a lease a send outlives, stops the start. */
function poolFrom(e: Env) {
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
    /**
     * `NOTIFY_PAUSED=1`: the planner and the worker do not run, so nothing is sent (a restored copy
     * must not email real people until told to); jobs wait in the store until a process runs unpaused.
     */
    paused: e.NOTIFY_PAUSED,
    concurrency: e.NOTIFY_CONCURRENCY,
    urgentSlots: e.NOTIFY_URGENT_SLOTS,
    perDestination: e.NOTIFY_PER_DESTINATION,
    urgentPerDestination: e.NOTIFY_URGENT_PER_DESTINATION,
    leaseMs: e.NOTIFY_LEASE_SECONDS * 1000,
    sendTimeoutMs: e.NOTIFY_SEND_TIMEOUT_SECONDS * 1000,
  };
}

/** A VAPID key pair is both variables or neither. Checked before the rest, as the start always has. */
export function checkVapidPair(e: Env) {
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new ConfigError(
      'Refusing to start: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are one key pair: set both, or ' +
        'neither (a pair is then generated once and kept in the store).',
    );
  }
}

/**
 * Reminders and messages beyond the portal: email, web push, text messages, and the worker that
 * sends them. `productName` and `publicOrigin` give the default sender and push contact.
 */
export function notifyConfig(e: Env, productName: string, publicOrigin: string) {
  return {
    /**
     * Email (reminders): sent through the SMTP server at `smtpUrl` (`smtp://` or `smtps://`, with
     * credentials) from `from`; without `smtpUrl` every email goes to the outbox staff read at
     * /admin/outbox. `from`: `MAIL_FROM`, else the product's name at `no-reply@` the public host.
     * `poolSize` connections are shared by every send; `ca`, read from `SMTP_CA_FILE` at start, is
     * trusted for the server's certificate besides the public roots. An unsubscribe link works for
     * `unsubscribeLinkDays` after its email was written.
     */
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? defaultFrom(productName, publicOrigin),
      poolSize: e.SMTP_POOL_SIZE,
      ca: readSmtpCa(e.SMTP_CA_FILE),
      unsubscribeLinkDays: e.UNSUBSCRIBE_LINK_DAYS,
    },
    /**
     * Web push: the VAPID key pair when both are given (else one is generated once and kept in the
     * store), and the contact the push services are given (`VAPID_SUBJECT`, else `mailto:` the sender).
     */
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? `mailto:no-reply@${new URL(publicOrigin).hostname}`,
      /** The only hosts a device's endpoint may name (push-endpoint.ts applies it). */
      serviceHosts: e.PUSH_SERVICE_HOSTS,
      /** Time limit of one push request: a device that accepts and never answers fails this fast. */
      timeoutMs: e.PUSH_TIMEOUT_MS,
    },
    /**
     * Text messages (reminders): through Twilio's Messages API when `twilio` is set (all of
     * TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM), else kept in the outbox at /admin/outbox.
     */
    sms: {
      twilio: twilioFrom(e),
      timeoutMs: e.SMS_TIMEOUT_MS,
    },
    /**
     * The notification worker's pool (issue 40): sends in flight at most (`concurrency`), of them kept
     * for urgent work (`urgentSlots`), to one destination at most (`perDestination`; in the emergency
     * lane `urgentPerDestination`, which routine work to that destination makes room for); a claim's
     * lease, and the backstop after which a send that has not settled is given up and retried.
     */
    notify: poolFrom(e),
  };
}

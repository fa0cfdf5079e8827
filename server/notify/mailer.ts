import { rootCertificates } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import type NodemailerModule from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { isEmailAddress, maskedEmail } from '../../contract/email-address.rules.js';
import type { NotifyOutboxRepository } from '../db/repositories/notify-outbox.repository.js';
import { permanentRefusal } from './smtp-refusal.js';
import type { Outcome } from './outcome.js';

export interface Email {
  /** The job that sends it, for the outbox's record. */
  jobId: number | null;
  to: string;
  subject: string;
  topic: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/**
 * Where email goes: an SMTP server, or the outbox staff read at /admin/outbox. `send` resolves to
 * `sent`, or to `dropped` with the reason when the email can never go (the recipient is not one
 * address, the server refused the mailbox for good); it throws when a later try may succeed (the
 * network, a timeout, a 4xx), and the job's backoff retries it.
 */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(email: Email, now: Date): Promise<Outcome>;
  close(): void;
}

/**
 * What every notification email carries: `Auto-Submitted: auto-generated` (RFC 3834), so vacation
 * responders and mailing-list software do not answer it or loop, and Exchange's equivalent.
 */
export const AUTOMATIC_HEADERS = {
  'Auto-Submitted': 'auto-generated',
  'X-Auto-Response-Suppress': 'All',
} as const;

type Log = Pick<FastifyBaseLogger, 'warn'>;
type Nodemailer = typeof NodemailerModule;

/**
 * The check at send: the recipient is exactly one address (contract/email-address.rules.ts), or the
 * job is dropped and the refusal logged with the address masked. Addresses are checked where they
 * enter too; this catches rows written before that check, or by hand.
 */
function refusedRecipient(email: Email, log: Log | undefined): Outcome | undefined {
  if (isEmailAddress(email.to)) return undefined;
  log?.warn(
    { job: email.jobId, recipient: maskedEmail(email.to) },
    'an email was not sent: its recipient is not one email address',
  );
  return { state: 'dropped', reason: 'the recipient is not one email address' };
}

export interface SmtpOptions {
  url: string;
  from: string;
  /** Connections kept open to the server and shared by every send (nodemailer's pool). */
  poolSize: number;
  /** PEM certificates trusted besides the public roots: a campus CA that issued the relay's certificate. */
  ca?: string[] | undefined;
  log?: Log;
}

/**
 * Email over SMTP with Nodemailer: `smtp://` (STARTTLS when offered) or `smtps://`, with credentials
 * in the URL, over a pool of at most `poolSize` connections that many sends reuse (each new
 * connection is a TCP, TLS and AUTH handshake; a pool of a few keeps a relay's per-client connection
 * limits and sends one after another on each).
 */
export function smtpMailer(o: SmtpOptions): Mailer {
  // Nodemailer (about 40 modules) loads with the first email, not with the server.
  let opened: Transporter | undefined;
  let opening: Promise<Transporter> | undefined;
  const transport = () =>
    (opening ??= import('nodemailer').then(
      ({ default: nodemailer }) => (opened = open(nodemailer)),
    ));
  const open = (nodemailer: Nodemailer) =>
    nodemailer.createTransport({
      url: o.url,
      pool: true,
      maxConnections: o.poolSize,
      // A connection is renewed after this many messages, as relays cap messages per session.
      maxMessages: 100,
      // A lease outlives a send: a stuck server fails the attempt well before another worker retries it.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      // The campus CA is added to the public roots, not put in their place: a relay that later moves
      // to a public certificate keeps working.
      ...(o.ca ? { tls: { ca: [...rootCertificates, ...o.ca], minVersion: 'TLSv1.2' } } : {}),
    });
  return {
    kind: 'smtp',
    async send(email) {
      const refused = refusedRecipient(email, o.log);
      if (refused) return refused;
      // One recipient object and an explicit envelope: nothing here is parsed as an address list.
      const to = { name: '', address: email.to };
      try {
        await (
          await transport()
        ).sendMail({
          from: o.from,
          to,
          envelope: { from: o.from, to: [to] },
          subject: email.subject,
          text: email.text,
          html: email.html,
          headers: { ...email.headers, ...AUTOMATIC_HEADERS },
        });
      } catch (err) {
        const outcome = permanentRefusal(err);
        if (outcome) return outcome;
        throw err;
      }
      return { state: 'sent' };
    },
    close: () => opened?.close(),
  };
}

/** Without SMTP_URL: every email is kept in the outbox table, for staff to read. */
export function outboxMailer(outbox: NotifyOutboxRepository, log?: Log): Mailer {
  return {
    kind: 'outbox',
    async send(email, now) {
      const refused = refusedRecipient(email, log);
      if (refused) return refused;
      await outbox.add(
        {
          jobId: email.jobId,
          recipient: email.to,
          subject: email.subject,
          topic: email.topic,
          headers: { ...email.headers, ...AUTOMATIC_HEADERS },
          text: email.text,
          html: email.html,
        },
        now,
      );
      return { state: 'sent' };
    },
    close: () => {},
  };
}

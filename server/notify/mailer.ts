import nodemailer from 'nodemailer';
import type { NotifyOutboxRepository } from '../db/repositories/notify-outbox.repository.js';

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

/** Where email goes: an SMTP server, or the outbox staff read at /admin/outbox. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(email: Email, now: Date): Promise<void>;
  close(): void;
}

/** Email over SMTP with Nodemailer: `smtp://` (STARTTLS when offered) or `smtps://`, with credentials in the URL. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url,
    // A lease outlives a send: a stuck server fails the attempt well before another worker retries it.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(email) {
      await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: email.headers,
      });
    },
    close: () => transport.close(),
  };
}

/** Without SMTP_URL: every email is kept in the outbox table, for staff to read. */
export function outboxMailer(outbox: NotifyOutboxRepository): Mailer {
  return {
    kind: 'outbox',
    async send(email, now) {
      await outbox.add(
        {
          jobId: email.jobId,
          recipient: email.to,
          subject: email.subject,
          topic: email.topic,
          headers: email.headers,
          text: email.text,
          html: email.html,
        },
        now,
      );
    },
    close: () => {},
  };
}

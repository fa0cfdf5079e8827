import { toE164 } from '../../contract/phone.rules.js';
import type { NotifyOutboxRepository } from '../db/repositories/notify-outbox.repository.js';
import type { Outcome } from './outcome.js';

/** One text message: to the stored number (E.164), a short body. */
export interface TextMessage {
  /** The job that sends it, for the outbox's record. */
  jobId: number | null;
  to: string;
  body: string;
  topic: string;
}

/**
 * Where text messages go: Twilio's Messages API, or the outbox staff read at /admin/outbox.
 * `send` resolves to `sent`, or to `dropped` with the provider's reason when the message can never be
 * delivered (an invalid number, a recipient who replied STOP); it throws when a later try may succeed
 * (the network, a timeout, 429, 5xx, a refused account), and the job's backoff retries it.
 */
export interface Texter {
  readonly kind: 'twilio' | 'outbox';
  send(message: TextMessage, now: Date): Promise<Outcome>;
}

/** Replaces the typographic characters that would force a text out of GSM (curly quotes, dashes, …). */
export function toGsm(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201B]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\u00A0/g, ' ');
}

/** Twilio's answer to a failed request: `{ code, message, status, more_info }`. */
interface TwilioError {
  code?: number;
  message?: string;
}

async function twilioError(response: Response): Promise<TwilioError> {
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return {};
    const code = 'code' in body && typeof body.code === 'number' ? body.code : undefined;
    const message =
      'message' in body && typeof body.message === 'string' ? body.message : undefined;
    return {
      ...(code === undefined ? {} : { code }),
      ...(message === undefined ? {} : { message }),
    };
  } catch {
    return {};
  }
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A phone number in E.164, or a Messaging Service SID (`MG…`) sent as MessagingServiceSid. */
  from: string;
  /** `https://api.twilio.com`; tests point it at a local server speaking the same API. */
  apiUrl: string;
  timeoutMs: number;
  /**
   * The campus's phone country: a number stored before the phone rule (digits without `+`) is read
   * as one of it; a stored E.164 number goes as it is.
   */
  defaultCountry: string;
  fetch?: typeof fetch;
}

/**
 * Twilio's Messages API: `POST {apiUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded
 * `To`, `Body` and `From` (or `MessagingServiceSid`), HTTP basic auth with the Account SID and the auth
 * token. Replies of STOP, HELP and START are handled by Twilio itself (its default opt-out keywords): a
 * person who replied STOP is refused by Twilio with 21610, and the job is dropped with that reason.
 */
export function twilioTexter(o: TwilioOptions): Texter {
  const url = `${o.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(o.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${o.accountSid}:${o.authToken}`).toString('base64')}`;
  const send = o.fetch ?? fetch;
  return {
    kind: 'twilio',
    async send(message) {
      const to = toE164(message.to, o.defaultCountry);
      if (!to) return { state: 'dropped', reason: 'not a valid phone number' };
      const form = new URLSearchParams({ To: to, Body: message.body });
      form.set(o.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', o.from);
      const response = await send(url, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(o.timeoutMs),
      });
      if (response.ok) {
        await response.body?.cancel();
        return { state: 'sent' };
      }
      const error = await twilioError(response);
      const reason = `Twilio ${response.status}${error.code ? ` ${error.code}` : ''}: ${error.message ?? response.statusText}`;
      // 400: the message itself is refused (21211 invalid number, 21610 replied STOP, 21614 not a
      // mobile…): it never will be accepted. 401/403/404 (the account), 429 and 5xx may pass later.
      if (response.status === 400) return { state: 'dropped', reason };
      throw new Error(reason);
    },
  };
}

/** Without Twilio configured: every text is kept in the outbox, marked as a text, for staff to read. */
export function outboxTexter(outbox: NotifyOutboxRepository): Texter {
  return {
    kind: 'outbox',
    async send(message, now) {
      await outbox.add(
        {
          jobId: message.jobId,
          recipient: message.to,
          subject: message.body.length > 60 ? `${message.body.slice(0, 59)}…` : message.body,
          topic: message.topic,
          headers: {},
          text: message.body,
          html: '',
          channel: 'sms',
        },
        now,
      );
      return { state: 'sent' };
    },
  };
}

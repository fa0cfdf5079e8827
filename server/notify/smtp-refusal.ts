import type { Outcome } from './outcome.js';

/**
 * Which SMTP failures end a job instead of being tried again (RFC 5321 §4.2.1): a 5xx reply to
 * `RCPT TO` is the receiving system saying this mailbox will never take the message (no such user,
 * mailbox disabled, relaying refused for it); trying again eight times only repeats the refusal and
 * lands the sender on block lists. Everything else throws on and is retried with backoff: 4xx is
 * temporary by definition (greylisting, a full mailbox), a refused connection, a timeout or a TLS
 * failure is the path not the person, and a 5xx to `MAIL FROM`, `AUTH` or `DATA` is the portal's own
 * sender or message, which an operator fixes for every job at once.
 */
export function permanentRefusal(err: unknown): Outcome | undefined {
  if (!(err instanceof Error)) return undefined;
  const command = 'command' in err ? err.command : undefined;
  const code = 'responseCode' in err ? err.responseCode : undefined;
  if (command !== 'RCPT TO' || typeof code !== 'number' || code < 500 || code > 599) {
    return undefined;
  }
  const response = 'response' in err && typeof err.response === 'string' ? err.response : '';
  return { state: 'dropped', reason: `refused by the mail server: ${oneLine(response) || code}` };
}

/** The server's reply as one bounded line for `last_error` and the reach page. */
const oneLine = (text: string) =>
  text
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, 300);

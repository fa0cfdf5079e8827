import { outbound, OutboundError } from '../net/outbound.js';
import { CanvasError, unavailable } from './canvas-answers.js';
import type { Answer } from './canvas-answers.js';

/**
 * One call of Canvas, through the bounded outbound request (`net/outbound.ts`): no redirect
 * followed, 15 s at most, at most 2 MB of a good answer (64 KiB kept of an error's), retried after
 * 1 s, 2 s and 4 s while Canvas answers 403 Rate Limit Exceeded. Canvas's address is the operator's
 * configuration (CANVAS_URL), so it may be on the campus network.
 */

const TIMEOUT_MS = 15_000;
export const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** What is kept of an error answer (a 403's text, a token error's code): enough to read its kind. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;
/** The waits before the retries of a throttled call; one more 403 after the last is `throttled`. */
const THROTTLE_WAITS_MS = [1_000, 2_000, 4_000];
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** The origin of the campus's Canvas address: https:, or http: on a loopback host only. */
export function canvasOrigin(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new Error('The Canvas address is not a URL (e.g. https://canvas.example.edu).');
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new Error('The Canvas address must be https: (http: only on a loopback host).');
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    throw new Error('The Canvas address is an origin only, e.g. https://canvas.example.edu.');
  }
  return url.origin;
}

export const tooLarge = (what: string) =>
  new CanvasError(
    'too-large',
    `Canvas's answer to ${what} is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`,
  );

const isRateLimited = (answer: Answer) =>
  answer.status === 403 && answer.body.includes('Rate Limit Exceeded');

/** A request of Canvas: `what` names it in error messages, which never hold a token. */
export interface CanvasRequest {
  what: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

/** One call, retried after 1 s, 2 s and 4 s while Canvas answers 403 Rate Limit Exceeded. */
export async function sendToCanvas(
  request: CanvasRequest,
  sleep: (ms: number) => Promise<void>,
): Promise<Answer> {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await once(request);
    if (!isRateLimited(answer)) return answer;
    const wait = THROTTLE_WAITS_MS[attempt];
    if (wait === undefined) {
      throw new CanvasError(
        'throttled',
        `Canvas is still limiting the portal's calls (${request.what}); try again in a few minutes.`,
        403,
      );
    }
    await sleep(wait);
  }
}

async function once({ what, method, url, headers, body }: CanvasRequest): Promise<Answer> {
  try {
    const answer = await outbound({
      url,
      method,
      reach: 'configured',
      headers: { accept: 'application/json', 'user-agent': 'CampusPortal-Canvas', ...headers },
      ...(body === undefined ? {} : { body }),
      limits: {
        maxBytes: MAX_BODY_BYTES,
        maxErrorBytes: MAX_ERROR_BODY_BYTES,
        timeoutMs: TIMEOUT_MS,
      },
    });
    return { status: answer.status, headers: answer.headers, body: answer.body.toString('utf8') };
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    if (error.failure === 'redirect') {
      throw unavailable(
        `Canvas answered ${what} with a redirect (HTTP ${error.status}).`,
        error.status,
      );
    }
    if (error.failure === 'too-large') throw tooLarge(what);
    throw unavailable(
      error.failure === 'timeout'
        ? `Canvas did not answer ${what} in time.`
        : `Canvas could not be reached for ${what}.`,
    );
  }
}

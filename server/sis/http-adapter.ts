import type { SisNudgeCode } from '../../contract/sis/nudges.schema.js';
import { outbound, OutboundError } from '../net/outbound.js';
import type { OutboundAnswer } from '../net/outbound.js';
import type { SisAnswer, SisEndpoint } from './endpoints.js';
import type { SisListCutObserver } from './list-cuts.js';
import type { SisPerson, SisPort } from './port.js';
import { contractAnswer, SisError, SisNotFoundError } from './port.js';
import { withinRead } from './read-deadline.js';
import type { ReadLimits } from './read-deadline.js';

export interface HttpSisOptions {
  /** The upstream's base address; reads go to `<base>/students/<username>/<read>[?term=]`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string | undefined;
  /** Every read gives up after this long, its retry and answer body included. */
  timeoutMs: number;
  /** Told of each list of an answer cut at its ceiling (issue 87), to be logged. */
  onListCut?: SisListCutObserver | undefined;
}

/** An answer past this is refused, counted as it arrives (a student's record is a few kilobytes). */
export const SIS_ANSWER_MAX_BYTES = 1024 * 1024;

interface Call {
  method: 'GET' | 'POST';
  body?: string;
}

/**
 * The SIS over HTTP, through the bounded outbound request: one deadline per read (its retry
 * included), one retry for reads that failed on the network (never for a timeout or an error answer,
 * which a retry would only prolong), no redirect followed, the body capped, and a zod check of every
 * answer.
 */
export class HttpSis implements SisPort {
  private readonly base: URL;

  constructor(private readonly options: HttpSisOptions) {
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  }

  async read<E extends SisEndpoint>(
    endpoint: E,
    person: SisPerson,
    term?: string,
  ): Promise<SisAnswer<E>> {
    const url = this.urlOf(person, endpoint);
    if (term) url.searchParams.set('term', term);
    const timeoutMs = this.options.timeoutMs;
    const body = await withinRead(timeoutMs, (limits) =>
      this.call(endpoint, url, { method: 'GET' }, 1, limits),
    );
    return contractAnswer(endpoint, body, this.options.onListCut);
  }

  async dismissNudge(person: SisPerson, code: SisNudgeCode): Promise<void> {
    const init = { method: 'POST' as const, body: JSON.stringify({ nudge_type: code }) };
    await withinRead(this.options.timeoutMs, (limits) =>
      this.call('nudges', this.urlOf(person, 'nudges'), init, 0, limits),
    );
  }

  private urlOf(person: SisPerson, endpoint: string): URL {
    return new URL(`students/${encodeURIComponent(person.username)}/${endpoint}`, this.base);
  }

  private async call(
    endpoint: string,
    url: URL,
    init: Call,
    retries: number,
    limits: ReadLimits,
  ): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.body) headers['content-type'] = 'application/json';
    if (this.options.token) headers.authorization = `Bearer ${this.options.token}`;
    let answer: OutboundAnswer;
    try {
      answer = await outbound({
        url,
        ...init,
        headers,
        reach: 'configured',
        signal: limits.signal,
        limits: { maxBytes: SIS_ANSWER_MAX_BYTES, timeoutMs: Math.max(1, limits.left()) },
      });
    } catch (err) {
      const failure = err instanceof OutboundError ? err.failure : null;
      if (failure === 'timeout') throw this.timedOut(endpoint, err);
      if (failure === 'unreachable' && retries > 0) {
        return this.call(endpoint, url, init, retries - 1, limits);
      }
      throw new SisError(endpoint, failureText(err), { cause: err });
    }
    if (answer.status < 200 || answer.status > 299) {
      if (answer.status === 404) throw new SisNotFoundError(endpoint, 'no record of this person');
      throw new SisError(endpoint, `upstream answered ${answer.status}`);
    }
    const text = answer.body.toString('utf8');
    if (text === '' && init.method !== 'GET') return null;
    try {
      const value: unknown = JSON.parse(text);
      return value;
    } catch (err) {
      throw new SisError(endpoint, 'answer is not JSON', { cause: err });
    }
  }

  private timedOut(endpoint: string, err: unknown) {
    return new SisError(endpoint, `no answer within ${this.options.timeoutMs} ms`, { cause: err });
  }
}

/** What a failed request says in a SisError (never the address's path or query). */
function failureText(err: unknown): string {
  if (!(err instanceof OutboundError)) return 'network error';
  switch (err.failure) {
    case 'redirect':
      return `upstream answered ${err.status ?? 'a redirect'} (a redirect, not followed)`;
    case 'too-large':
      return `answer over ${SIS_ANSWER_MAX_BYTES} bytes`;
    case 'broken':
      return 'answer cut off';
    default:
      return 'network error';
  }
}

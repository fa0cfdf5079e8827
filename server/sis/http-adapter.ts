import type { SisNudgeCode } from '../../contract/sis/nudges.schema.js';
import type { SisAnswer, SisEndpoint } from './endpoints.js';
import { parseSisAnswer } from './endpoints.js';
import type { SisPerson, SisPort } from './port.js';
import { SisError, SisNotFoundError } from './port.js';

export interface HttpSisOptions {
  /** The upstream's base address; reads go to `<base>/students/<username>/<read>[?term=]`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string | undefined;
  /** Every call gives up after this long (answer body included). */
  timeoutMs: number;
}

const isTimeout = (err: unknown) =>
  err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

/**
 * The SIS over HTTP: a timeout on every call, one retry for reads that failed on the network (never
 * for a timeout or an error answer, which a retry would only prolong), and a zod check of every answer.
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
    const body = await this.call(endpoint, url, { method: 'GET' }, 1);
    const parsed = parseSisAnswer(endpoint, body);
    if (!parsed.success) {
      const where = parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
      throw new SisError(endpoint, `answer does not match the contract (${where.join('; ')})`);
    }
    return parsed.data;
  }

  async dismissNudge(person: SisPerson, code: SisNudgeCode): Promise<void> {
    const init = { method: 'POST', body: JSON.stringify({ nudge_type: code }) };
    await this.call('nudges', this.urlOf(person, 'nudges'), init, 0);
  }

  private urlOf(person: SisPerson, endpoint: string): URL {
    return new URL(`students/${encodeURIComponent(person.username)}/${endpoint}`, this.base);
  }

  private async call(
    endpoint: string,
    url: URL,
    init: RequestInit,
    retries: number,
  ): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.body) headers['content-type'] = 'application/json';
    if (this.options.token) headers.authorization = `Bearer ${this.options.token}`;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers, signal });
    } catch (err) {
      if (isTimeout(err)) throw this.timedOut(endpoint, err);
      if (retries > 0) return this.call(endpoint, url, init, retries - 1);
      throw new SisError(endpoint, 'network error', { cause: err });
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 404) throw new SisNotFoundError(endpoint, 'no record of this person');
      throw new SisError(endpoint, `upstream answered ${response.status}`);
    }
    const text = await response.text().catch((err: unknown) => {
      throw isTimeout(err)
        ? this.timedOut(endpoint, err)
        : new SisError(endpoint, 'answer cut off');
    });
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

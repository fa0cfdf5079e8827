import { z } from 'zod';
import type { Secret } from '../../config/sis.js';
import { EthosError, errorsSchema, expiryOf, isTimeout, readCapped } from './wire.js';
import { ETHOS_VERSIONS } from '../../config/ethos-resources.js';
import type { EthosResource } from '../../config/ethos-resources.js';

export interface EthosClientOptions {
  baseUrl: string;
  apiKey: Secret;
  /** Each call (auth included) gives up after this long, its body included. */
  timeoutMs: number;
  /** The campus's versions where they differ from the adapter's (`sis.ethos.versions`). */
  versions?: Partial<Record<string, number>>;
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** At most this many pages of one list: a list that never ends is an error, not a stall. */
export const MAX_PAGES = 50;
/** A 429 is waited out this many times, then the call fails. */
export const MAX_RATE_LIMITED = 3;
/** The longest Retry-After honoured: a longer wait fails the call rather than stall the reader. */
const MAX_RETRY_AFTER_MS = 10_000;
/** An answer past this is refused (a page of 100 persons is well under 1 MB). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
const PAGE_SIZE = 100;
const TOKEN_MINUTES = 60;
const REFRESH_BEFORE_MS = 30_000;

/** The media type of a resource's version, as `Accept` asks for it. */
const mediaType = (version: number) => `application/vnd.hedtech.integration.v${version}+json`;

/** The media type of change notifications (`GET /consume`). */
const CONSUME_MEDIA_TYPE = 'application/vnd.hedtech.change-notifications.v2+json';

interface Answer {
  body: unknown;
  total: number | null;
}

/**
 * Ellucian Ethos Integration over HTTP: the auth exchange (one token shared by every caller, renewed
 * 30 s before it expires, and once more on a 401), versioned GETs, paging to `x-total-count`, 429s
 * waited out, and every answer bounded in size and time. `calls` counts the requests made (sis:check).
 */
export class EthosClient {
  calls = 0;
  private token: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;
  private readonly clock: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: EthosClientOptions) {
    this.clock = options.clock ?? Date.now;
    this.sleep =
      options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()));
  }

  versionOf(resource: EthosResource): number {
    return this.options.versions?.[resource] ?? ETHOS_VERSIONS[resource];
  }

  /** One record by its GUID. */
  async get<T extends z.ZodType>(resource: EthosResource, id: string, schema: T) {
    const url = this.url(`api/${resource}/${encodeURIComponent(id)}`);
    const { body } = await this.send(resource, url, mediaType(this.versionOf(resource)));
    return this.parse(resource, schema, body);
  }

  /** Every record of a list (`criteria` as Ethos's JSON filter), read page by page to its end. */
  async list<T extends z.ZodType>(
    resource: EthosResource,
    schema: T,
    query: { criteria?: unknown; params?: Record<string, string> } = {},
  ): Promise<z.output<T>[]> {
    const items: z.output<T>[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const url = this.url(`api/${resource}`);
      if (query.criteria !== undefined) {
        url.searchParams.set('criteria', JSON.stringify(query.criteria));
      }
      for (const [name, value] of Object.entries(query.params ?? {})) {
        url.searchParams.set(name, value);
      }
      url.searchParams.set('offset', String(items.length));
      url.searchParams.set('limit', String(PAGE_SIZE));
      const { body, total } = await this.send(resource, url, mediaType(this.versionOf(resource)));
      const records = this.parse(resource, z.array(schema), body);
      items.push(...records);
      if (records.length === 0 || total === null || items.length >= total) return items;
    }
    throw new EthosError(resource, null, `more than ${MAX_PAGES} pages`);
  }

  /** Change notifications after `lastId` (`GET /consume`); a GET moves Ethos's queue on. */
  async consume(lastId: string | null, limit: number): Promise<unknown> {
    const url = this.url('consume');
    url.searchParams.set('limit', String(limit));
    if (lastId !== null) url.searchParams.set('lastProcessedID', lastId);
    const { body } = await this.send('consume', url, CONSUME_MEDIA_TYPE);
    return body;
  }

  private url(path: string): URL {
    return new URL(path, `${this.options.baseUrl}/`);
  }

  private parse<T extends z.ZodType>(resource: string, schema: T, body: unknown): z.output<T> {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    const where = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
    throw new EthosError(resource, null, `answer does not match its model (${where.join('; ')})`);
  }

  /** The shared token: one exchange however many callers need it at once. */
  private bearer(): Promise<string> {
    if (this.token && this.clock() < this.token.expiresAt - REFRESH_BEFORE_MS) {
      return Promise.resolve(this.token.value);
    }
    this.pending ??= this.exchange().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async exchange(): Promise<string> {
    const url = this.url('auth');
    url.searchParams.set('expirationMinutes', String(TOKEN_MINUTES));
    const asked = this.clock();
    this.calls++;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.apiKey.reveal()}` },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      throw new EthosError('auth', null, isTimeout(err) ? 'no answer in time' : 'network error');
    }
    const text = await readCapped(response, 16 * 1024).catch(() => '');
    if (!response.ok) throw new EthosError('auth', response.status, `refused (${response.status})`);
    const value = text.trim();
    if (!/^[A-Za-z0-9._~+/=-]+$/.test(value)) {
      throw new EthosError('auth', response.status, 'answered something other than a token');
    }
    const expiresAt = expiryOf(value) ?? asked + TOKEN_MINUTES * 60_000;
    this.token = { value, expiresAt };
    return value;
  }

  private async send(resource: string, url: URL, accept: string): Promise<Answer> {
    let renewed = false;
    for (let limited = 0; ;) {
      const token = await this.bearer();
      this.calls++;
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { authorization: `Bearer ${token}`, accept },
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
      } catch (err) {
        const reason = isTimeout(err)
          ? `no answer within ${this.options.timeoutMs} ms`
          : 'network error';
        throw new EthosError(resource, null, reason);
      }
      if (response.status === 401 && !renewed) {
        await response.body?.cancel().catch(() => undefined);
        renewed = true;
        if (this.token?.value === token) this.token = null;
        continue;
      }
      if (response.status === 429 && limited < MAX_RATE_LIMITED) {
        await response.body?.cancel().catch(() => undefined);
        const seconds = Number(response.headers.get('retry-after') ?? '1');
        const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000;
        if (wait > MAX_RETRY_AFTER_MS) {
          throw new EthosError(resource, 429, `rate limited for ${seconds} s`);
        }
        limited++;
        await this.sleep(wait);
        continue;
      }
      return this.answer(resource, response);
    }
  }

  private async answer(resource: string, response: Response): Promise<Answer> {
    let text: string;
    try {
      text = await readCapped(response, response.ok ? MAX_ANSWER_BYTES : 64 * 1024);
    } catch (err) {
      const reason = isTimeout(err)
        ? `no answer within ${this.options.timeoutMs} ms`
        : 'answer cut off or too large';
      throw new EthosError(resource, response.status, reason);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      if (response.ok) throw new EthosError(resource, response.status, 'answer is not JSON');
      throw new EthosError(resource, response.status, `answered ${response.status} (not JSON)`);
    }
    if (!response.ok) {
      const errors = errorsSchema.safeParse(body);
      const first = errors.success ? errors.data.errors[0] : undefined;
      const said = first
        ? ` ${first.code ?? 'error'}: ${first.message ?? first.description ?? ''}`.trimEnd()
        : '';
      throw new EthosError(resource, response.status, `answered ${response.status}${said}`);
    }
    const count = Number(response.headers.get('x-total-count'));
    return {
      body,
      total: response.headers.has('x-total-count') && Number.isInteger(count) ? count : null,
    };
  }
}

import { z } from 'zod';
import type { Secret } from '../../config/secret.js';
import { outbound } from '../../net/outbound.js';
import type { OutboundAnswer } from '../../net/outbound.js';
import { readLimits } from '../read-deadline.js';
import type { ReadLimits } from '../read-deadline.js';
import { EthosError, errorsSchema, expiryOf, requestFailure } from './wire.js';
import { ETHOS_VERSIONS } from '../../config/ethos-resources.js';
import type { EthosResource } from '../../config/ethos-resources.js';

export interface EthosClientOptions {
  baseUrl: string;
  apiKey: Secret;
  /**
   * A read's one deadline (`SIS_TIMEOUT_MS`): its calls, auth, retries, Retry-After waits and pages
   * (`read-deadline.ts`); a call outside any read has its own.
   */
  timeoutMs: number;
  /** The campus's versions where they differ from the adapter's (`sis.ethos.versions`). */
  versions?: Partial<Record<string, number>>;
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The ceiling of pages in one read, over all its lists (the budget `read-deadline.ts` counts). At 100
 * records a page it holds 5,000: a student's longest lists (a career's registrations, transcript
 * grades, charges) run to hundreds, and a cold read's code tables (a campus's rooms) to a few
 * thousand. A read that needs more is a tenant that never ends: it fails, naming the resource,
 * rather than return a truncated list (a holds list cut short would tell a hold removed).
 */
export const MAX_PAGES = 50;
/** A 429 is waited out this many times, then the call fails. */
export const MAX_RATE_LIMITED = 3;
/** The longest Retry-After honoured: a longer wait fails the call rather than stall the reader. */
const MAX_RETRY_AFTER_MS = 10_000;
/** An answer past this is refused (a page of 100 persons is well under 1 MB). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
/** An error answer's body kept (its first words), and the most a token answer may be. */
const MAX_ERROR_BYTES = 64 * 1024;
const MAX_TOKEN_BYTES = 16 * 1024;
const PAGE_SIZE = 100;
const tooMany = `more than ${MAX_PAGES} pages in one read`;
const TOKEN_MINUTES = 60;
const REFRESH_BEFORE_MS = 30_000;

/** The media type of a resource's version, as `Accept` asks for it. */
const mediaType = (version: number) => `application/vnd.hedtech.integration.v${version}+json`;

/** The media type of change notifications (`GET /consume`). */
const CONSUME_MEDIA_TYPE = 'application/vnd.hedtech.change-notifications.v2+json';

interface Answer {
  body: unknown;
  total: number | null;
  /** The largest page Ethos answers (`x-max-page-size`), when it says. */
  maxPage: number | null;
}

const isOk = (status: number) => status >= 200 && status <= 299;
const integerHeader = (answer: OutboundAnswer, name: string) => {
  const value = Number(answer.headers.get(name));
  return answer.headers.has(name) && Number.isInteger(value) ? value : null;
};

/**
 * Ellucian Ethos Integration over HTTP, every request through the bounded outbound request (no
 * redirect followed, the body counted against its cap): the auth exchange (one token shared by every
 * caller, renewed 30 s before it expires, and once more on a 401), versioned GETs, paging until a
 * short or empty page or the first page's `x-total-count` within the read's page budget, 429s waited
 * out while the read's deadline allows. `calls` counts the requests (sis:check).
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
    const limits = readLimits(this.options.timeoutMs);
    const { body } = await this.send(resource, url, mediaType(this.versionOf(resource)), limits);
    return this.parse(resource, schema, body);
  }

  /**
   * Every record of a list (`criteria` as Ethos's JSON filter), read page by page to a short page or
   * to the count its first page declares (a later page's count neither extends nor shortens the
   * read), within the read's page budget. A declared count the budget cannot hold fails at once.
   */
  async list<T extends z.ZodType>(
    resource: EthosResource,
    schema: T,
    query: { criteria?: unknown; params?: Record<string, string> } = {},
  ): Promise<z.output<T>[]> {
    const items: z.output<T>[] = [];
    const limits = readLimits(this.options.timeoutMs);
    let declared: number | null | undefined;
    while (limits.pages < MAX_PAGES) {
      limits.pages++;
      const url = this.url(`api/${resource}`);
      if (query.criteria !== undefined) {
        url.searchParams.set('criteria', JSON.stringify(query.criteria));
      }
      for (const [name, value] of Object.entries(query.params ?? {})) {
        url.searchParams.set(name, value);
      }
      url.searchParams.set('offset', String(items.length));
      const wanted = declared == null ? PAGE_SIZE : Math.min(PAGE_SIZE, declared - items.length);
      url.searchParams.set('limit', String(wanted));
      const accept = mediaType(this.versionOf(resource));
      const { body, total, maxPage } = await this.send(resource, url, accept, limits);
      if (declared === undefined) declared = total;
      const records = this.parse(resource, z.array(schema), body);
      items.push(...records);
      const short = records.length < Math.min(wanted, maxPage ?? PAGE_SIZE);
      if (short || (declared !== null && items.length >= declared)) return items;
      if (declared !== null) {
        const needed = Math.ceil((declared - items.length) / records.length);
        if (limits.pages + needed > MAX_PAGES) {
          throw new EthosError(resource, null, `declares ${declared} records: ${tooMany}`);
        }
      }
    }
    throw new EthosError(resource, null, tooMany);
  }

  /** Change notifications after `lastId` (`GET /consume`); a GET moves Ethos's queue on. */
  async consume(lastId: string | null, limit: number): Promise<unknown> {
    const url = this.url('consume');
    url.searchParams.set('limit', String(limit));
    if (lastId !== null) url.searchParams.set('lastProcessedID', lastId);
    const limits = readLimits(this.options.timeoutMs);
    const { body } = await this.send('consume', url, CONSUME_MEDIA_TYPE, limits);
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
  private bearer(limits: ReadLimits): Promise<string> {
    if (this.token && this.clock() < this.token.expiresAt - REFRESH_BEFORE_MS) {
      return Promise.resolve(this.token.value);
    }
    this.pending ??= this.exchange(limits).finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** One request to Ethos (a configured address: any, but only its own) within the read's limits. */
  private request(
    url: URL,
    init: { method?: 'POST'; headers: Record<string, string> },
    limits: ReadLimits,
    maxBytes: number,
  ): Promise<OutboundAnswer> {
    return outbound({
      url,
      ...init,
      reach: 'configured',
      signal: limits.signal,
      limits: { maxBytes, maxErrorBytes: MAX_ERROR_BYTES, timeoutMs: Math.max(1, limits.left()) },
    });
  }

  private async exchange(limits: ReadLimits): Promise<string> {
    const url = this.url('auth');
    url.searchParams.set('expirationMinutes', String(TOKEN_MINUTES));
    const asked = this.clock();
    this.calls++;
    let response: OutboundAnswer;
    try {
      const authorization = `Bearer ${this.options.apiKey.reveal()}`;
      const init = { method: 'POST' as const, headers: { authorization } };
      response = await this.request(url, init, limits, MAX_TOKEN_BYTES);
    } catch (err) {
      throw requestFailure('auth', err, limits.timeoutMs);
    }
    if (!isOk(response.status)) {
      throw new EthosError('auth', response.status, `refused (${response.status})`);
    }
    const value = response.body.toString('utf8').trim();
    if (!/^[A-Za-z0-9._~+/=-]+$/.test(value)) {
      throw new EthosError('auth', response.status, 'answered something other than a token');
    }
    const expiresAt = expiryOf(value) ?? asked + TOKEN_MINUTES * 60_000;
    this.token = { value, expiresAt };
    return value;
  }

  private async send(
    resource: string,
    url: URL,
    accept: string,
    limits: ReadLimits,
  ): Promise<Answer> {
    let renewed = false;
    for (let limited = 0; ;) {
      const token = await this.bearer(limits);
      this.calls++;
      let response: OutboundAnswer;
      try {
        const headers = { authorization: `Bearer ${token}`, accept };
        response = await this.request(url, { headers }, limits, MAX_ANSWER_BYTES);
      } catch (err) {
        throw requestFailure(resource, err, limits.timeoutMs);
      }
      if (response.status === 401 && !renewed) {
        renewed = true;
        if (this.token?.value === token) this.token = null;
        continue;
      }
      if (response.status === 429 && limited < MAX_RATE_LIMITED) {
        const seconds = Number(response.headers.get('retry-after') ?? '1');
        const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000;
        if (wait > MAX_RETRY_AFTER_MS) {
          throw new EthosError(resource, 429, `rate limited for ${seconds} s`);
        }
        // A wait the read's deadline would cut short ends the read now, not at the deadline.
        if (wait >= limits.left()) {
          const within = `no answer within ${limits.timeoutMs} ms`;
          throw new EthosError(resource, 429, `rate limited for ${seconds} s: ${within}`);
        }
        limited++;
        await this.sleep(wait);
        continue;
      }
      return this.answer(resource, response);
    }
  }

  private answer(resource: string, response: OutboundAnswer): Answer {
    const ok = isOk(response.status);
    let body: unknown;
    try {
      body = JSON.parse(response.body.toString('utf8'));
    } catch {
      if (ok) throw new EthosError(resource, response.status, 'answer is not JSON');
      throw new EthosError(resource, response.status, `answered ${response.status} (not JSON)`);
    }
    if (!ok) {
      const errors = errorsSchema.safeParse(body);
      const first = errors.success ? errors.data.errors[0] : undefined;
      const said = first
        ? ` ${first.code ?? 'error'}: ${first.message ?? first.description ?? ''}`.trimEnd()
        : '';
      throw new EthosError(resource, response.status, `answered ${response.status}${said}`);
    }
    return {
      body,
      total: integerHeader(response, 'x-total-count'),
      maxPage: integerHeader(response, 'x-max-page-size'),
    };
  }
}

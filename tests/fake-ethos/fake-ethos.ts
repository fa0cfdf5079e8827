import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AddressInfo } from 'node:net';
import { ETHOS_VERSIONS } from '../../server/config/ethos-resources.js';
import { ethosFixtures } from './fixtures.js';
import { businessProcessFixtures } from './fixtures-finance.js';

/** What the double does wrong on a resource. */
export type EthosFault =
  | { kind: 'status'; status: number }
  | { kind: 'html' }
  | { kind: 'latency'; ms: number }
  | { kind: 'rate-limited'; retryAfter: number }
  /**
   * Full pages forever, each declaring an `x-total-count` of 1,000,000; `firstCount` declares another
   * count on the first page (offset 0) only, and `uncounted` declares none on any page.
   */
  | { kind: 'endless'; firstCount?: number; uncounted?: boolean }
  /** The same short page at every offset, its `x-total-count` 10^12. */
  | { kind: 'endless-count' }
  /** A redirect to `location` (another server). */
  | { kind: 'redirect'; location: string }
  | { kind: 'missing-fields' }
  | { kind: 'revoked' };

export interface ChangeNotification {
  id: string;
  published: string;
  resource: { name: string; id: string; version: string };
  /**
   * Ellucian's publishers name an update `replaced` (tenant.ts cites them); `updated` is the older
   * tests' word, kept so they run unchanged.
   */
  operation: 'created' | 'updated' | 'replaced' | 'deleted';
  /** `empty` for a deletion, whose record is gone: tenant.ts. */
  contentType: 'resource-representation' | 'empty';
  /** Left out when a test publishes none (undefined). */
  content?: unknown;
  publisher: { id: string; applicationName: string };
}

export const ETHOS_KEY = 'double-api-key-0123456789';

const errors = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.code(status).send({ errors: [{ code, description: code, message }] });

/** Does every field `want` names have the same value in `have` (arrays: each wanted one found)? */
function matches(have: unknown, want: unknown): boolean {
  if (Array.isArray(want)) {
    return Array.isArray(have) && want.every((w) => have.some((h) => matches(h, w)));
  }
  if (want !== null && typeof want === 'object') {
    if (have === null || typeof have !== 'object') return false;
    return Object.entries(want).every(([k, v]) => matches((have as Record<string, unknown>)[k], v));
  }
  return have === want;
}

/** Ethos's own `published` format: space-separated, microseconds, a bare `+00`. */
const published = (at: Date) => `${at.toISOString().replace('T', ' ').replace('Z', '')}123+00`;

/**
 * A Fastify double of Ellucian Ethos Integration, in its published shapes: the auth exchange with
 * expiring tokens, versions negotiated by `Accept` (an unsupported one is an error), paging with
 * `x-total-count` and a short last page, `criteria`, the `errors` format, 429 with `Retry-After`, slow
 * answers, tenants' extra fields, and `/consume` with string ids. Faults are injected per resource.
 */
export class FakeEthos {
  readonly data = ethosFixtures();
  /** Banner's Business Process APIs: answers per Banner ID, read by `?id=` only. */
  readonly businessProcess = businessProcessFixtures();
  /** Every request: its path (with query) and the `Accept` it asked for. */
  readonly calls: { method: string; url: string; accept: string | undefined }[] = [];
  tokensIssued = 0;
  /** The largest page the double answers (a tenant's `x-max-page-size`). */
  maxPageSize = 2;
  /** How long a token lasts, whatever was asked (a test shortens it). */
  tokenSeconds: number | null = null;
  private readonly faults = new Map<string, { fault: EthosFault; times: number }>();
  private readonly tokens = new Map<string, number>();
  private readonly queue: ChangeNotification[] = [];
  private nextId = 5500;

  private constructor(
    private readonly app: FastifyInstance,
    private readonly now: () => number,
  ) {}

  static async start(options: { now?: () => number; port?: number } = {}): Promise<FakeEthos> {
    const app = Fastify({ logger: false });
    const fake = new FakeEthos(app, options.now ?? Date.now);
    fake.routes();
    await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
    return fake;
  }

  get url(): string {
    const { port } = this.app.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** Calls to one resource's API (`/api/<resource>`), auth and consume left out. */
  callsTo(resource: string) {
    return this.calls.filter(
      (c) => c.url.startsWith(`/api/${resource}`) && !c.url.startsWith(`/api/${resource}-`),
    );
  }

  apiCalls() {
    return this.calls.filter((c) => c.url.startsWith('/api/'));
  }

  fail(resource: string, fault: EthosFault, times = Infinity) {
    this.faults.set(resource, { fault, times });
  }

  /**
   * A change Ethos publishes: the next `/consume` hands it on. `content` undefined leaves the field
   * out; tenant.ts publishes each change in the shape a real tenant does.
   */
  publish(
    name: string,
    id: string,
    content: unknown,
    operation: ChangeNotification['operation'] = 'updated',
    contentType: ChangeNotification['contentType'] = 'resource-representation',
  ) {
    const version = ETHOS_VERSIONS[name as keyof typeof ETHOS_VERSIONS] ?? 1;
    this.queue.push({
      id: String(this.nextId++),
      published: published(new Date(this.now())),
      resource: { name, id, version: `application/vnd.hedtech.integration.v${version}+json` },
      operation,
      contentType,
      ...(content === undefined ? {} : { content }),
      publisher: { id: 'banner', applicationName: 'Banner Student' },
    });
  }

  pendingChanges(): number {
    return this.queue.length;
  }

  async close() {
    await this.app.close();
  }

  private fault(resource: string): EthosFault | undefined {
    const entry = this.faults.get(resource);
    if (!entry || entry.times <= 0) return undefined;
    entry.times--;
    return entry.fault;
  }

  private authorised(auth: string | undefined): boolean {
    const token = auth?.replace(/^Bearer /, '') ?? '';
    const expires = this.tokens.get(token);
    return expires !== undefined && expires > this.now();
  }

  private routes() {
    const { app } = this;
    app.addHook('onRequest', async (req) => {
      this.calls.push({ method: req.method, url: req.url, accept: req.headers.accept });
    });
    app.post('/auth', async (req, reply) => {
      const fault = this.fault('auth');
      if (fault?.kind === 'redirect') return reply.redirect(fault.location, 302);
      if (req.headers.authorization !== `Bearer ${ETHOS_KEY}`) {
        return errors(reply, 401, 'Unauthorized', 'invalid API key');
      }
      const { expirationMinutes } = req.query as { expirationMinutes?: string };
      const seconds = this.tokenSeconds ?? Number(expirationMinutes ?? '5') * 60;
      const exp = Math.floor(this.now() / 1000) + seconds;
      const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const token = `${part({ alg: 'none' })}.${part({ exp, n: ++this.tokensIssued })}.sig`;
      this.tokens.set(token, exp * 1000);
      return reply.type('text/plain').send(token);
    });
    app.get('/consume', async (req, reply) => {
      if (!this.authorised(req.headers.authorization))
        return errors(reply, 401, 'Unauthorized', 'token expired');
      const { limit, lastProcessedID } = req.query as { limit?: string; lastProcessedID?: string };
      // Ethos moves the queue on as it hands messages out: what is answered is gone.
      const after = lastProcessedID ? Number(lastProcessedID) : -1;
      while (this.queue[0] && Number(this.queue[0].id) <= after) this.queue.shift();
      const out = this.queue.splice(0, Math.min(Number(limit ?? '20'), 1000));
      return reply
        .type('application/vnd.hedtech.change-notifications.v2+json')
        .header('x-remaining', String(this.queue.length))
        .send(out);
    });
    app.get<{ Params: { resource: string; id?: string } }>(
      '/api/:resource/:id?',
      async (req, reply) => {
        const { resource, id } = req.params;
        const fault = this.fault(resource);
        if (fault?.kind === 'revoked') this.tokens.clear();
        if (fault?.kind === 'redirect') return reply.redirect(fault.location, 302);
        if (!this.authorised(req.headers.authorization))
          return errors(reply, 401, 'Unauthorized', 'token expired');
        if (fault?.kind === 'latency') await new Promise((r) => setTimeout(r, fault.ms));
        if (fault?.kind === 'status')
          return errors(reply, fault.status, 'Global.Internal.Error', 'Banner is down');
        if (fault?.kind === 'html')
          return reply
            .code(502)
            .type('text/html')
            .send('<html><body><h1>502 Bad Gateway</h1></body></html>');
        if (fault?.kind === 'rate-limited') {
          return reply
            .code(429)
            .header('retry-after', String(fault.retryAfter))
            .send({ errors: [{ code: 'TooManyRequests', message: 'slow down' }] });
        }
        const records: { id: string }[] | undefined = (
          this.data as Record<string, { id: string }[]>
        )[resource];
        const byId = this.businessProcess[resource];
        if (!records && !byId)
          return errors(reply, 404, 'Global.NotFound', `no resource ${resource}`);
        const supported = ETHOS_VERSIONS[resource as keyof typeof ETHOS_VERSIONS];
        const asked = /^application\/vnd\.hedtech\.integration\.v(\d+)(\.\d+\.\d+)?\+json$/.exec(
          req.headers.accept ?? '',
        );
        if (req.headers.accept !== 'application/json' && Number(asked?.[1]) !== supported) {
          return errors(
            reply,
            406,
            'Global.UnsupportedVersion',
            `${resource}: version ${req.headers.accept} is not supported`,
          );
        }
        void reply.header(
          'x-media-type',
          `application/vnd.hedtech.integration.v${supported}.0.0+json`,
        );
        const q = req.query as Record<string, string | undefined>;
        if (byId) {
          // Read by `?id=<Banner ID>` (as Ellucian's account-details card reads it); a GUID or a
          // `criteria` is refused, as the tenant of issue 72 refused the `person` criteria.
          if (id !== undefined || q.id === undefined || q.criteria !== undefined) {
            return errors(
              reply,
              400,
              'Global.SchemaValidation.Error',
              `${resource} is read by ?id=`,
            );
          }
          return reply.send(byId[q.id] ?? []);
        }
        const all = records ?? [];
        const shape = (r: object) => {
          if (fault?.kind !== 'missing-fields') return r;
          const { id: kept, ...rest } = r as Record<string, unknown>;
          return { id: kept, tenantOnly: Object.keys(rest).length };
        };
        if (id !== undefined) {
          const one = all.find((r) => r.id === id);
          if (!one) return errors(reply, 404, 'Global.GUID.Not.Found', `no ${resource} ${id}`);
          return reply.send(shape(one));
        }
        let list = all;
        if (q.criteria !== undefined) {
          let criteria: unknown;
          try {
            criteria = JSON.parse(q.criteria);
          } catch {
            return errors(reply, 400, 'Global.SchemaValidation.Error', 'criteria is not JSON');
          }
          list = list.filter((r) => matches(r, criteria));
        }
        if (q.person !== undefined)
          list = list.filter((r) => matches(r, { person: { id: q.person } }));
        const offset = Number(q.offset ?? '0');
        const limit = Math.min(Number(q.limit ?? this.maxPageSize), this.maxPageSize);
        if (fault?.kind === 'endless') {
          const page = Array.from({ length: limit }, (_, i) => ({
            ...all[0],
            id: `${offset + i}`,
          }));
          const count = offset === 0 ? (fault.firstCount ?? 1_000_000) : 1_000_000;
          if (!fault.uncounted) void reply.header('x-total-count', String(count));
          return reply.header('x-max-page-size', String(this.maxPageSize)).send(page.map(shape));
        }
        if (fault?.kind === 'endless-count') {
          return reply.header('x-total-count', String(10 ** 12)).send(list.slice(0, 1).map(shape));
        }
        return reply
          .header('x-total-count', String(list.length))
          .header('x-max-page-size', String(this.maxPageSize))
          .send(list.slice(offset, offset + limit).map(shape));
      },
    );
  }
}

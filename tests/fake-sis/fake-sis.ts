import { z } from 'zod';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { accountSummarySchema } from '../../contract/sis/finances.schema.js';
import type { AccountSummary } from '../../contract/sis/finances.schema.js';
import { sisNudgeCodeSchema } from '../../contract/sis/nudges.schema.js';
import { sisSchemas } from '../../server/sis/endpoints.js';
import type { SisEndpoint } from '../../server/sis/endpoints.js';
import { SampleSis } from '../../server/sis/sample-adapter.js';

/** What the fake upstream does wrong on a read. */
export type Fault =
  | { kind: 'latency'; ms: number }
  | { kind: 'status'; status: number }
  | { kind: 'malformed' }
  | { kind: 'invalid' }
  | { kind: 'hang' }
  | { kind: 'reset' }
  /** Slow, then the connection dropped: a network error a read retries. */
  | { kind: 'slow-reset'; ms: number }
  /** A 200 whose body streams on past `bytes`, with no Content-Length. */
  | { kind: 'oversize'; bytes: number }
  /** A redirect to `location` (another server). */
  | { kind: 'redirect'; location: string };

const isRead = (name: string): name is SisEndpoint => name in sisSchemas;

/**
 * A small real HTTP upstream speaking the SIS adapter's protocol (`/students/<username>/<read>`),
 * answering from the sample records, with faults injected per read: latency, an error status,
 * malformed JSON, a schema-invalid answer, a hang past any timeout, a dropped connection (at once
 * or after a wait), a body too large, a redirect.
 */
export class FakeSis {
  readonly calls: {
    method: string;
    read: string;
    term: string | null;
    auth?: string | undefined;
    body?: string;
  }[] = [];
  private readonly faults = new Map<string, { fault: Fault; times: number }>();
  private readonly sockets = new Set<Socket>();
  private readonly data = new SampleSis();
  /** The bearer token every call must carry (401 without it), once a test sets one. */
  private token: string | null = null;
  /** Payments posted by a test, in cents, by username (`posted`). */
  private readonly postedCents = new Map<string, number>();
  /** Identity answers set by a test, by username; null: the SIS does not know the person (404). */
  private readonly identities = new Map<string, unknown>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeSis> {
    const server = createServer();
    const fake = new FakeSis(server);
    server.on('connection', (socket) => {
      fake.sockets.add(socket);
      socket.on('close', () => fake.sockets.delete(socket));
    });
    server.on('request', (req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/sis/`;
  }

  /** Injects a fault on one read, for the next `times` calls (every call by default). */
  fail(read: string, fault: Fault, times = Infinity) {
    this.faults.set(read, { fault, times });
  }

  /** What the identity read answers for `username` from now on (null: 404, no such person). */
  setIdentity(username: string, identity: Record<string, unknown> | null) {
    this.identities.set(username, identity);
  }

  /**
   * The student accounts office posted a payment of `cents` (issue 89): from now on the person's
   * account summary shows the balance and the amount due lower by it, and the payments received higher.
   */
  posted(username: string, cents: number) {
    this.postedCents.set(username, (this.postedCents.get(username) ?? 0) + cents);
  }

  /** From now on, a call without `Authorization: Bearer <token>` is answered 401. */
  requireToken(token: string) {
    this.token = token;
  }

  heal(read?: string) {
    if (read) this.faults.delete(read);
    else this.faults.clear();
  }

  callsTo(read: string, method = 'GET'): number {
    return this.calls.filter((c) => c.read === read && c.method === method).length;
  }

  async close() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const match = /^\/sis\/students\/([^/]+)\/([a-z-]+)$/.exec(url.pathname);
    const body = await readBody(req);
    const read = match?.[2] ?? '';
    const person = { username: decodeURIComponent(match?.[1] ?? ''), persona: null };
    const term = url.searchParams.get('term');
    this.calls.push({
      method: req.method ?? 'GET',
      read,
      term,
      auth: req.headers.authorization,
      body,
    });
    if (this.token !== null && req.headers.authorization !== `Bearer ${this.token}`) {
      return send(res, 401, { detail: 'unauthorized' });
    }
    if (!match || !isRead(read)) return send(res, 404, { detail: 'no such read' });

    const injected = this.faults.get(read);
    if (injected && injected.times > 0) {
      injected.times -= 1;
      const { fault } = injected;
      if (fault.kind === 'hang') return;
      if (fault.kind === 'reset') return req.socket.destroy();
      if (fault.kind === 'redirect') return res.writeHead(302, { location: fault.location }).end();
      if (fault.kind === 'oversize') return streamJson(res, fault.bytes);
      if (fault.kind === 'slow-reset') {
        await new Promise((resolve) => setTimeout(resolve, fault.ms));
        return req.socket.destroy();
      }
      if (fault.kind === 'status') return send(res, fault.status, { detail: 'upstream failure' });
      if (fault.kind === 'malformed') return res.writeHead(200, json).end('{"p_term_out": ');
      if (fault.kind === 'invalid') return send(res, 200, { unexpected: true, GPA: 'high' });
      await new Promise((resolve) => setTimeout(resolve, fault.ms));
    }
    if (read === 'identity' && this.identities.has(person.username)) {
      const identity = this.identities.get(person.username);
      return identity === null ? send(res, 404, { detail: 'no record' }) : send(res, 200, identity);
    }
    try {
      if (req.method === 'POST' && read === 'nudges') {
        const code = sisNudgeCodeSchema.parse(
          z.object({ nudge_type: z.unknown() }).parse(JSON.parse(body)).nudge_type,
        );
        await this.data.dismissNudge(person, code);
        return send(res, 200, { p_result: 'Success' });
      }
      const answer = await this.data.read(read, person, term ?? undefined);
      const posted = this.postedCents.get(person.username) ?? 0;
      const account = accountSummarySchema.safeParse(answer);
      if (read === 'financial-account-summary' && posted > 0 && account.success) {
        return send(res, 200, lowered(account.data, posted));
      }
      return send(res, 200, answer);
    } catch {
      return send(res, 404, { detail: 'no record' });
    }
  }
}

const json = { 'content-type': 'application/json' };

/** An account summary after the office posted `cents` of payments. */
function lowered(account: AccountSummary, cents: number): AccountSummary {
  const detail = account.CHARGES_DETAIL;
  const less = (dollars: number) => Math.max(0, Math.round(dollars * 100) - cents) / 100;
  return {
    ...account,
    CHARGES_DETAIL: {
      ...detail,
      CHARGES_BALANCE: less(detail.CHARGES_BALANCE),
      CHARGES_AMOUNT_DUE: less(detail.CHARGES_AMOUNT_DUE),
      CHARGES_PAYMENTS_RXD: (Math.round(detail.CHARGES_PAYMENTS_RXD * 100) + cents) / 100,
    },
  };
}

function send(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, json).end(JSON.stringify(value));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

/** A JSON array streamed in 64 KiB pieces up to `bytes`, its length never announced. */
function streamJson(res: ServerResponse, bytes: number) {
  res.writeHead(200, json);
  const piece = `${'"x",'.repeat(16 * 1024)}`;
  let sent = 1;
  res.write('[');
  const more = () => {
    while (sent < bytes && !res.destroyed) {
      sent += piece.length;
      if (!res.write(piece)) return void res.once('drain', more);
    }
    res.end('"x"]');
  };
  res.on('error', () => undefined);
  more();
}

import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What the fake feed host does wrong on a path. */
export type FeedFault =
  | { kind: 'status'; status: number }
  | { kind: 'hang' }
  | { kind: 'invalid'; body: string }
  | { kind: 'redirect'; location: string }
  /** An image body sent in pieces with no Content-Length, so only the bytes tell its size. */
  | { kind: 'stream'; body: Uint8Array };

/**
 * A small real HTTP host serving feed documents and images by path (`/<name>`), with faults
 * injected per path: an error status, a hang past any timeout, a body that is not a feed, a redirect.
 */
export class FakeFeeds {
  private readonly bodies = new Map<string, { body: string | Uint8Array; type: string }>();
  private readonly faults = new Map<string, FeedFault>();
  private readonly sockets = new Set<Socket>();
  readonly hits = new Map<string, number>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeFeeds> {
    const server = createServer();
    const fake = new FakeFeeds(server);
    server.on('connection', (socket) => {
      fake.sockets.add(socket);
      socket.on('close', () => fake.sockets.delete(socket));
    });
    server.on('request', (req, res) => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname.slice(1);
      fake.hits.set(path, (fake.hits.get(path) ?? 0) + 1);
      const fault = fake.faults.get(path);
      if (fault?.kind === 'hang') return;
      if (fault?.kind === 'status') return res.writeHead(fault.status).end('upstream failure');
      if (fault?.kind === 'stream') {
        res.writeHead(200, { 'content-type': 'image/png' });
        for (let at = 0; at < fault.body.length; at += 65_536) {
          res.write(fault.body.subarray(at, at + 65_536));
        }
        return res.end();
      }
      if (fault?.kind === 'redirect') return res.writeHead(302, { location: fault.location }).end();
      if (fault?.kind === 'invalid') {
        return res.writeHead(200, { 'content-type': 'application/xml' }).end(fault.body);
      }
      const served = fake.bodies.get(path);
      if (!served) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': served.type }).end(served.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  url(path: string): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/${path}`;
  }

  /**
   * Writes a campus configuration file (for `CAMPUS_CONFIG`) whose three community feeds are this
   * host's `events.ics`, `groups.xml` and `news.xml`, with `more` of the configuration on top.
   */
  campusConfig(more: Record<string, unknown> = {}): string {
    const file = join(mkdtempSync(join(tmpdir(), 'portal-feeds-')), 'campus.json');
    const feeds = {
      universityEvents: this.url('events.ics'),
      campusGroupEvents: this.url('groups.xml'),
      campusGroupNews: this.url('news.xml'),
    };
    writeFileSync(file, JSON.stringify({ feeds, ...more }));
    return file;
  }

  serve(path: string, body: string | Uint8Array, type = 'application/rss+xml') {
    this.bodies.set(path, { body, type });
  }

  fail(path: string, fault: FeedFault) {
    this.faults.set(path, fault);
  }

  heal() {
    this.faults.clear();
  }

  async close() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

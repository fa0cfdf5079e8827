import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What one path of the fake LMS answers. */
export type LmsAnswer =
  | { kind: 'calendar'; body: string; etag?: string; lastModified?: string }
  | { kind: 'status'; status: number }
  | { kind: 'html' }
  /** `bytes` of calendar-looking text, sent in pieces with no Content-Length. */
  | { kind: 'huge'; bytes: number }
  /** A calendar that starts and never ends. */
  | { kind: 'endless' };

/**
 * A small real HTTPS LMS on 127.0.0.1 (a certificate made for the test) serving a student's
 * calendar feed by path — Canvas's `/feeds/calendars/user_<token>.ics`, Moodle's
 * `/calendar/export_execute.php?…` — with the faults a real one may show, and every request's
 * headers kept (conditional requests).
 */
export class FakeLms {
  private readonly answers = new Map<string, LmsAnswer>();
  private readonly sockets = new Set<Socket>();
  readonly requests: Array<{ path: string; headers: IncomingHttpHeaders }> = [];

  private constructor(
    private readonly server: Server,
    /** The certificate (PEM) to trust, and its file (NODE_EXTRA_CA_CERTS of a server process). */
    readonly cert: string,
    readonly certFile: string,
  ) {}

  static async start(port = 0): Promise<FakeLms> {
    const dir = mkdtempSync(join(tmpdir(), 'portal-lms-'));
    const [keyFile, certFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
        ...['-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
        ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certFile],
      ],
      { stdio: 'ignore' },
    );
    const cert = readFileSync(certFile, 'utf8');
    const server = createServer({ key: readFileSync(keyFile), cert });
    const fake = new FakeLms(server, cert, certFile);
    server.on('connection', (socket: Socket) => {
      fake.sockets.add(socket);
      socket.on('close', () => fake.sockets.delete(socket));
    });
    server.on('request', (req, res) => {
      const path = req.url ?? '/';
      fake.requests.push({ path, headers: req.headers });
      const answer = fake.answers.get(path) ?? { kind: 'status', status: 404 };
      switch (answer.kind) {
        case 'status':
          res.writeHead(answer.status, { 'content-type': 'text/plain' }).end('No.');
          return;
        case 'html':
          res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(
              '<!DOCTYPE html><html><head><title>Log in to Canvas</title></head><body></body></html>',
            );
          return;
        case 'calendar': {
          const validators: Record<string, string> = {};
          if (answer.etag) validators.etag = answer.etag;
          if (answer.lastModified) validators['last-modified'] = answer.lastModified;
          if (answer.etag && req.headers['if-none-match'] === answer.etag) {
            res.writeHead(304, validators).end();
            return;
          }
          res
            .writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', ...validators })
            .end(answer.body);
          return;
        }
        case 'huge': {
          res.writeHead(200, { 'content-type': 'text/calendar' });
          const line = Buffer.alloc(64 * 1024, 'X-FILLER:0123456789abcdef\r\n');
          let sent = 0;
          const pump = () => {
            while (sent < answer.bytes) {
              sent += line.byteLength;
              if (!res.write(line)) return void res.once('drain', pump);
            }
            res.end();
          };
          res.on('error', () => undefined);
          pump();
          return;
        }
        case 'endless':
          res.writeHead(200, { 'content-type': 'text/calendar' });
          res.write('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n');
          return;
      }
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return fake;
  }

  /** `127.0.0.1:<port>`: the entry of `lms.calendarHosts` that allows this LMS. */
  get host(): string {
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  url(path: string): string {
    return `https://${this.host}${path}`;
  }

  serve(path: string, answer: LmsAnswer): string {
    this.answers.set(path, answer);
    return this.url(path);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

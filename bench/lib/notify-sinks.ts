// What bench:notify delivers to, on this machine: an SMTP sink and an HTTPS push sink that count
// what arrives (and when), a tarpit that accepts TCP and never answers, and the alert feed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttp } from 'node:http';
import { Agent, createServer as createHttps } from 'node:https';
import type { Server } from 'node:https';
import { createServer as createTcp } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Arrivals by key: how many times each, and when the last one came (ms since the epoch). */
export class Arrivals {
  readonly counts = new Map<string, number>();
  last = 0;
  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    this.last = Date.now();
  }
  /** Forgets every arrival (a new round of the benchmark begins). */
  clear(): void {
    this.counts.clear();
    this.last = 0;
  }
  get duplicates(): number {
    let n = 0;
    for (const c of this.counts.values()) n += c - 1;
    return n;
  }
}

const listening = (server: { address(): AddressInfo | string | null }) => {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return address.port;
};

/** Counts each message by its recipient. */
export async function smtpSink() {
  const emails = new Arrivals();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) emails.add(to.address);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { emails, port: listening(server.server), close: () => server.close(() => {}) };
}

/** Counts each push by device path and urgency (`high`: an alert; `normal`: the message). */
export async function pushSink() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-push-'));
  const [keyFile, certFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'],
      ...['-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ...['-keyout', keyFile, '-out', certFile],
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(certFile, 'utf8');
  const alerts = new Arrivals();
  const messages = new Arrivals();
  const server: Server = createHttps({ key: readFileSync(keyFile), cert }, (req, res) => {
    req.on('data', () => {});
    req.on('end', () => {
      (req.headers.urgency === 'high' ? alerts : messages).add(req.url ?? '');
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    alerts,
    messages,
    port: listening(server),
    cert,
    agent: new Agent({ ca: cert, keepAlive: true, maxSockets: 64 }),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Accepts connections and never answers: a push endpoint that holds whoever calls it. */
export async function tarpit() {
  const sockets = new Set<Socket>();
  const server = createTcp((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: listening(server),
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

/** The university's alert feed (RSS): empty until `publish`. */
export async function alertFeed() {
  let items = '';
  const server = createHttp((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(
      `<?xml version="1.0"?><rss version="2.0"><channel><title>Alerts</title>${items}</channel></rss>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${listening(server)}/alerts.xml`,
    publish(id: string, at: Date) {
      items = `<item><title>Shelter in place: police activity near the library</title><description>Stay indoors until further notice.</description><guid isPermaLink="false">${id}</guid><pubDate>${at.toUTCString()}</pubDate></item>`;
    },
    /** The alert is over: the feed is empty again. */
    withdraw() {
      items = '';
    },
    close: () => server.close(),
  };
}

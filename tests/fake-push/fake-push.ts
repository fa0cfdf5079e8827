import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import type { ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error http_ece ships no types: decrypt(buffer, params) → Buffer is all the tests use.
import ece from 'http_ece';

/** One push message as the push service received it. */
export interface Received {
  device: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A device of the test: its subscription (what a browser would post) and its private keys. */
export interface FakeDevice {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The message's plain text, decrypted with this device's keys (RFC 8291, aes128gcm). */
  decrypt: (body: Buffer) => string;
}

/** The claims of a VAPID `Authorization` header whose signature checks out with `publicKey`. */
export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

const decryptWith = (ecdh: ECDH, auth: Buffer) => (body: Buffer) =>
  (ece as { decrypt: (b: Buffer, p: object) => Buffer })
    .decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth })
    .toString('utf8');

/**
 * A push service on this machine (RFC 8030 as far as the portal uses it): an HTTPS host with a
 * certificate made for the test, that takes a POST per device path, keeps it, and answers 201, or
 * the status the test set for that device (404 or 410: the subscription is gone). Its devices have
 * real P-256 keys and auth secrets, made as a browser makes them, so a message can be decrypted.
 */
export class FakePushService {
  readonly received: Received[] = [];
  /** TCP connections the service has accepted since it started (pooled ones count once). */
  connections = 0;
  private readonly statuses = new Map<string, number>();
  private readonly locations = new Map<string, string>();
  private readonly stalled = new Set<string>();
  private readonly sockets = new Set<Socket>();
  private listeners: Array<(message: Received) => void> = [];

  private constructor(
    private readonly server: Server,
    /** The certificate (PEM) to trust, and its file (NODE_EXTRA_CA_CERTS of a server process). */
    readonly cert: string,
    readonly certFile: string,
  ) {}

  static async start(): Promise<FakePushService> {
    const dir = mkdtempSync(join(tmpdir(), 'portal-push-'));
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
    const fake = new FakePushService(server, cert, certFile);
    server.on('connection', (socket: Socket) => {
      fake.connections += 1;
      fake.sockets.add(socket);
      socket.on('close', () => fake.sockets.delete(socket));
    });
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const device = new URL(req.url ?? '/', 'https://push').pathname.replace(/^\/push\//, '');
        // A stalling device: the request is taken and never answered (closed with the service).
        if (fake.stalled.has(device)) return;
        const status = fake.statuses.get(device) ?? 201;
        if (req.method === 'POST' && status === 201) {
          const message = { device, headers: req.headers, body: Buffer.concat(chunks) };
          fake.received.push(message);
          for (const listener of fake.listeners) listener(message);
        }
        const location = fake.locations.get(device);
        res
          .writeHead(status, location ? { location } : {})
          .end(status === 201 ? '' : 'push subscription has unsubscribed');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** `127.0.0.1:<port>`: what a portal names in `PUSH_SERVICE_HOSTS` to send to this service. */
  get host(): string {
    const { port } = this.server.address() as AddressInfo;
    return `127.0.0.1:${port}`;
  }

  /** An HTTPS agent that trusts this service (the portal's `pushAgent` in tests). */
  agent(): Agent {
    return new Agent({ ca: this.cert });
  }

  /** A new device: a P-256 key pair and 16 random auth bytes, and its address at this service. */
  device(): FakeDevice {
    const id = randomBytes(8).toString('hex');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    return {
      id,
      subscription: {
        endpoint: `https://${this.host}/push/${id}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      },
      decrypt: decryptWith(ecdh, auth),
    };
  }

  /** From now on a device's address answers `status` (404 or 410: gone; a 3xx to `location`). */
  answer(deviceId: string, status: number, location?: string) {
    this.statuses.set(deviceId, status);
    if (location) this.locations.set(deviceId, location);
  }

  /** From now on a device's address takes each request and never answers it. */
  stall(deviceId: string) {
    this.stalled.add(deviceId);
  }

  /** Calls `listener` with every message accepted from now on. */
  onMessage(listener: (message: Received) => void) {
    this.listeners.push(listener);
  }

  async close() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Checks a VAPID `Authorization: vapid t=<JWT>, k=<public key>` header (RFC 8292): the key is
 * `publicKey`, the JWT is ES256 and its signature verifies with that key. Resolves to its claims.
 */
export function verifyVapid(header: string | undefined, publicKey: string): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, jwt = '', k = ''] = match;
  if (k !== publicKey) throw new Error('the VAPID key is not the portal key');
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg: string };
  if (header64.alg !== 'ES256') throw new Error(`the JWT is ${header64.alg}, not ES256`);
  const good = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!good) throw new Error('the VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as VapidClaims;
}

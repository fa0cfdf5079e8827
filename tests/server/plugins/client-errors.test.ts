import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../helpers/app.js';

/** Sends raw bytes to the listening server and answers its raw reply. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    socket.on('data', (chunk) => (reply += chunk.toString('latin1')));
    socket.on('close', () => resolve(reply));
    socket.on('error', (err) => (reply ? resolve(reply) : reject(err)));
    socket.write(request);
  });
}

const bodyOf = (reply: string) => JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as unknown;

/** Any text: `expect.any` typed for the type-checked lint. */
const anyString: unknown = expect.any(String);

describe("errors Node's HTTP parser answers are JSON {detail} too", () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await createTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => app.close());

  it('headers too large answer 431 {detail}', async () => {
    const reply = await raw(
      port,
      `GET /api/status HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(reply)).toMatchObject({ detail: anyString });
  });

  it('an address too long for the parser answers {detail}', async () => {
    const reply = await raw(port, `GET /api/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(reply).toMatch(/^HTTP\/1\.1 (414|431) /);
    expect(bodyOf(reply)).toMatchObject({ detail: anyString });
  });

  it('a request without Host answers the 400 {detail} problem, not an empty 400', async () => {
    const reply = await raw(port, 'GET /api/status HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply.toLowerCase()).toContain('content-security-policy');
    expect(bodyOf(reply)).toEqual({ detail: 'The request has no Host header.' });
  });

  it('a page request without Host answers the same problem', async () => {
    const reply = await raw(port, 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(reply)).toEqual({ detail: 'The request has no Host header.' });
  });

  it('an HTTP/1.0 request may omit Host', async () => {
    const reply = await raw(port, 'GET /api/status HTTP/1.0\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.[01] 200 /);
  });

  it('a malformed request answers 400 {detail}', async () => {
    const reply = await raw(port, 'GARBAGE\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(reply)).toMatchObject({ detail: anyString });
  });
});

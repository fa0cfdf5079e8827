import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';

function waitReady(port: number, seconds: number) {
  const child = spawn(process.execPath, ['scripts/wait-ready.mjs', String(port), String(seconds)]);
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise<{ status: number | null; out: string }>((resolve) =>
    child.once('exit', (status) => resolve({ status, out })),
  );
}

describe('scripts/wait-ready.mjs, the rolling procedure’s wait for /readyz', () => {
  it('waits while /readyz answers 503 and exits 0 once it answers 200', async () => {
    let ready = false;
    const server = http.createServer((_req, res) => {
      res
        .writeHead(ready ? 200 : 503)
        .end(ready ? '{"status":"ok"}' : '{"detail":"Shutting down"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    setTimeout(() => (ready = true), 1_200);
    const result = await waitReady(port, 10);
    server.close();
    expect(result.status).toBe(0);
    expect(result.out).toContain('is ready: 200');
  });

  it('exits 1 naming the last answer when the process never gets ready', async () => {
    const server = http.createServer((_req, res) => res.writeHead(503).end('not yet'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const result = await waitReady(port, 1);
    server.close();
    expect(result.status).toBe(1);
    expect(result.out).toContain('is not ready after 1 s: 503 not yet');
  });
});

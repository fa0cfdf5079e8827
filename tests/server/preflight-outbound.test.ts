import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { preflight } from '../../server/preflight.js';

let sis: Server;
let inside: Server;
let insideCalls = 0;
const portOf = (server: Server) => (server.address() as AddressInfo).port;
const listen = (server: Server) =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

beforeAll(async () => {
  inside = createServer((_req, res) => {
    insideCalls += 1;
    res.end('[]');
  });
  sis = createServer((_req, res) => {
    res.writeHead(302, { location: `http://127.0.0.1:${portOf(inside)}/` }).end();
  });
  await Promise.all([listen(inside), listen(sis)]);
});
afterAll(async () => {
  for (const server of [sis, inside]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('config:check -- --connect asks as the portal asks: through the bounded outbound request', () => {
  it('a SIS answering with a redirect is a failure, and the redirect is not followed', async () => {
    const config = loadConfig({
      DATA_DIR: tmpdir(),
      SIS_BASE_URL: `http://127.0.0.1:${portOf(sis)}/sis/`,
    });
    const lines = await preflight(config, 2_000);
    const line = lines.find((l) => l.component === 'sis');
    expect(line).toMatchObject({ ok: false });
    expect(line?.detail).toMatch(/^FAILED: 127\.0\.0\.1 answered with a redirect/);
    expect(insideCalls).toBe(0);
  });
});

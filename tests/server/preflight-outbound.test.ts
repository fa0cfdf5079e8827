import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

  it("an office's calendar of appointments is probed by its office, and a failure never names its address (issue 92)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'preflight-calendars-'));
    const closed = createServer();
    await listen(closed);
    const closedPort = portOf(closed);
    await new Promise((resolve) => closed.close(resolve));
    const calendars = [
      { office: 'Advising Center', url: `http://127.0.0.1:${portOf(inside)}/advising.ics` },
      { office: 'Career Center', url: `http://127.0.0.1:${closedPort}/secret-token/career.ics` },
    ];
    const campus = path.join(dir, 'campus.json');
    writeFileSync(campus, JSON.stringify({ appointments: { calendars } }));
    const lines = await preflight(loadConfig({ DATA_DIR: dir, CAMPUS_CONFIG: campus }), 2_000);
    const line = (office: string) => lines.find((l) => l.component === `office calendar ${office}`);
    expect(line('Advising Center')).toMatchObject({ ok: true });
    expect(line('Advising Center')?.detail).toMatch(/HTTP 200/);
    const failed = line('Career Center');
    expect(failed?.ok).toBe(false);
    expect(failed?.detail).toMatch(/^FAILED: not reached/);
    expect(failed?.detail).not.toContain(String(closedPort));
    expect(failed?.detail).not.toContain('secret-token');
  });
});

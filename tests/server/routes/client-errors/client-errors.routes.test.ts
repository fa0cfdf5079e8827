import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../server/app.js';
import { loadConfig } from '../../../../server/config.js';
import { openDatabase } from '../../../../server/db/database.js';
import { createTestApp } from '../../helpers/app.js';

const report = {
  app: 'portal',
  kind: 'render',
  message: 'Cannot read properties of undefined',
  stack: 'TypeError: Cannot read properties of undefined\n    at Dashboard',
  componentStack: '\n    at Dashboard',
  path: '/academics',
  build: 'abc1234',
};

let app: FastifyInstance;
afterEach(async () => app.close());

const post = (payload: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/client-errors', payload });

describe('POST /api/client-errors', () => {
  it('logs the browser error with the request id that the answer carries', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIR: '/nonexistent', LOG_LEVEL: 'warn' });
    const database = await openDatabase({ sqliteFile: ':memory:' });
    app = await buildApp({ config, database, logger: { level: 'warn', stream } });
    const response = await post(report);
    expect(response.statusCode).toBe(204);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const entry = logged.find((l) => l.msg === 'browser app error');
    expect(entry?.reqId).toBe(response.headers['x-request-id']);
    expect(entry?.clientError).toEqual(report);
  });

  it('refuses a body with a field the contract does not name, or a text past its limit', async () => {
    app = await createTestApp();
    expect((await post({ ...report, cookie: 'x' })).statusCode).toBe(400);
    expect((await post({ ...report, message: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await post({ ...report, app: 'admin' })).statusCode).toBe(400);
  });

  it('takes at most 20 reports a minute from one address', async () => {
    app = await createTestApp();
    const answers: number[] = [];
    for (let i = 0; i < 21; i += 1) answers.push((await post(report)).statusCode);
    expect(answers.slice(0, 20).every((status) => status === 204)).toBe(true);
    expect(answers[20]).toBe(429);
  });

  it('counts reports per app in the metrics', async () => {
    const token = 'metrics-token-0123456789';
    app = await createTestApp({ env: { METRICS_TOKEN: token } });
    await post(report);
    await post({ ...report, app: 'next-steps', message: 'other' });
    const metrics = await app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(metrics.body).toContain('portal_client_errors_total{app="portal"} 1');
    expect(metrics.body).toContain('portal_client_errors_total{app="next-steps"} 1');
  });
});

describe('the error-reporting service in the page policy', () => {
  it('pages may call the configured DSN origin, and no other', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'campus-')), 'campus.json');
    writeFileSync(
      file,
      JSON.stringify({ errorReporting: { dsn: 'https://key@errors.campus.example.edu/4' } }),
    );
    app = await createTestApp({ env: { CAMPUS_CONFIG: file } });
    const csp = String((await app.inject({ url: '/healthz' })).headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https://errors.campus.example.edu;");
  });
});

import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { listenForMetrics } from '../../../server/metrics/port.js';
import { MeasuredSis } from '../../../server/sis/measured.js';
import { SisError } from '../../../server/sis/port.js';
import type { SisPort } from '../../../server/sis/port.js';
import { createTestApp, openSignInPage, signIn } from '../helpers/app.js';

const TOKEN = 'metrics-token-0123456789';
let app: FastifyInstance;
afterEach(async () => app.close());

const scrape = async () => {
  const response = await app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
};

/** The value of one series of the exposition text, or undefined when it is absent. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('metrics', () => {
  it('are not served at all unless a metrics token is configured', async () => {
    app = await createTestApp();
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });

  it('answer 401 without the bearer token, or with a wrong one', async () => {
    app = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    for (const authorization of [undefined, 'Bearer wrong', `Token ${TOKEN}`]) {
      const response = await app.inject({
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('portal_');
    }
  });

  it('count requests by route pattern and status, never by raw URL', async () => {
    app = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const { token } = await signIn(app, 'student');
    const headers = { authorization: `Token ${token}` };
    await app.inject({ url: '/api/integrations/finti/courses?term=202604', headers });
    await app.inject({ url: '/api/nope/12345' });
    const text = await scrape();
    expect(
      valueOf(
        text,
        'portal_http_request_duration_seconds_count{method="GET",route="/api/integrations/finti/courses",status="200"}',
      ),
    ).toBe(1);
    expect(
      valueOf(
        text,
        'portal_http_request_duration_seconds_count{method="POST",route="/auth/demo-sign-in",status="303"}',
      ),
    ).toBe(1);
    expect(text).toContain('route="(unmatched)",status="404"');
    expect(text).not.toContain('12345');
    expect(text).not.toContain('202604');
  });

  it('count SIS calls by read and outcome, and cache hits and misses', async () => {
    app = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const { token } = await signIn(app, 'student');
    const headers = { authorization: `Token ${token}` };
    await app.inject({ url: '/api/integrations/finti/holds', headers });
    await app.inject({ url: '/api/integrations/finti/holds', headers });
    const text = await scrape();
    expect(
      valueOf(text, 'portal_sis_call_duration_seconds_count{endpoint="holds",outcome="ok"}'),
    ).toBe(1);
    expect(valueOf(text, 'portal_cache_reads_total{outcome="hit"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'portal_cache_reads_total{outcome="miss"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'portal_cache_reads_total{outcome="stale"}')).toBe(0);
  });

  it('count sign-ins and failed sign-ins, and report the event-loop lag', async () => {
    app = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    await signIn(app, 'student');
    const { cookie } = await openSignInPage(app);
    await app.inject({
      method: 'POST',
      url: '/auth/demo-sign-in',
      payload: new URLSearchParams({ persona: 'student', csrf: 'forged' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    });
    const text = await scrape();
    expect(valueOf(text, 'portal_sign_ins_total{method="demo",outcome="success"}')).toBe(1);
    expect(valueOf(text, 'portal_sign_ins_total{method="demo",outcome="failure"}')).toBe(1);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});

describe('request ids', () => {
  it('every answer carries its own request id, and a forged incoming one is not taken', async () => {
    app = await createTestApp();
    const first = await app.inject({ url: '/api/status', headers: { 'x-request-id': 'forged' } });
    const second = await app.inject({ url: '/no/such/page' });
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']];
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]+-[0-9a-z]+$/);
    expect(ids[0]).not.toBe('forged');
    expect(ids[1]).not.toBe(ids[0]);
  });
});

describe('the metrics port', () => {
  it('serves the metrics without a token on a listener of its own', async () => {
    app = await createTestApp();
    const server = await listenForMetrics(app, '127.0.0.1', 0);
    try {
      const { port } = server.server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('portal_http_request_duration_seconds');
    } finally {
      await server.close();
    }
  });
});

describe('SIS call outcomes', () => {
  it('a call that gave up on its timeout counts as a timeout, any other failure as an error', async () => {
    const seen: string[] = [];
    const failing = (err: Error): SisPort => ({
      read: () => Promise.reject(err),
      dismissNudge: () => Promise.reject(err),
    });
    const timeout = new SisError('holds', 'no answer', {
      cause: new DOMException('t', 'TimeoutError'),
    });
    const person = { username: 'u', persona: null };
    for (const err of [timeout, new SisError('holds', 'upstream answered 500')]) {
      const sis = new MeasuredSis(failing(err), (endpoint, outcome) =>
        seen.push(`${endpoint} ${outcome}`),
      );
      await expect(sis.read('holds', person)).rejects.toBe(err);
    }
    expect(seen).toEqual(['holds timeout', 'holds error']);
  });
});

import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { listenForMetrics } from '../../../server/metrics/port.js';
import { PortalMetrics } from '../../../server/metrics/registry.js';
import { findPersona } from '../../../server/sis/personas.js';
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
    // The raw URL's id in no label (a duration's digits may hold the same run of figures).
    expect(text).not.toMatch(/"[^"\n]*12345[^"\n]*"/);
    expect(text).not.toContain('202604');
  });

  it('count SIS calls by read and outcome, and cache hits and misses', async () => {
    // The holds read's own calls: no record-changes baseline read at sign-in beside them.
    app = await createTestApp({ env: { METRICS_TOKEN: TOKEN, CHANGES: 'off' } });
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

describe('metrics the alerting rules watch (deploy/prometheus/alerts.yml)', () => {
  const NOW = new Date('2026-11-23T18:00:00.000Z');

  it('portal_notify_oldest_due_seconds says how long the oldest due notification of each lane has waited, 0 when none waits', async () => {
    app = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, clock: () => NOW });
    expect(valueOf(await scrape(), 'portal_notify_oldest_due_seconds{lane="urgent"}')).toBe(0);
    await signIn(app, 'student');
    const user = await app.repositories.users.findByUsername(findPersona('student').username);
    if (!user) throw new Error('the student signed in');
    const at = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
    const job = (key: string, urgent: boolean, seconds: number) =>
      app.notify.jobs.enqueue(
        {
          idempotencyKey: key,
          channel: 'push',
          kind: 'alert',
          topic: 'alerts',
          userId: user.id,
          payload: {},
          runAt: at(seconds),
          urgent,
        },
        at(seconds),
      );
    await job('urgent-1', true, 90);
    await job('urgent-2', true, 20);
    await job('routine-1', false, 30);
    // Not due yet: it does not count.
    await job('routine-2', false, -600);
    const text = await scrape();
    expect(valueOf(text, 'portal_notify_oldest_due_seconds{lane="urgent"}')).toBe(90);
    expect(valueOf(text, 'portal_notify_oldest_due_seconds{lane="routine"}')).toBe(30);
  });

  it('portal_ready is 1 while the process is ready and 0 once it drains', async () => {
    app = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    expect(valueOf(await scrape(), 'portal_ready')).toBe(1);
    app.lifecycle.draining = true;
    expect(valueOf(await scrape(), 'portal_ready')).toBe(0);
  });

  it('portal_feed_reads_total counts a configured feed’s reads by outcome, and the last success is a timestamp', () => {
    const metrics = new PortalMetrics();
    metrics.feedRead('campus-groups-news', 'ok', NOW);
    metrics.feedRead('campus-groups-news', 'error', NOW);
    metrics.feedRead('campus-groups-news', 'error', NOW);
    return metrics.text().then((text) => {
      expect(
        valueOf(text, 'portal_feed_reads_total{feed="campus-groups-news",outcome="error"}'),
      ).toBe(2);
      expect(valueOf(text, 'portal_feed_reads_total{feed="campus-groups-news",outcome="ok"}')).toBe(
        1,
      );
      expect(
        valueOf(text, 'portal_feed_last_success_timestamp_seconds{feed="campus-groups-news"}'),
      ).toBe(NOW.getTime() / 1000);
    });
  });
});

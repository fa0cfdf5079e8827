import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FakeSis } from '../../fake-sis/fake-sis.js';
import { createTestApp, signIn } from '../helpers/app.js';

/**
 * Issue 90: with OTEL_EXPORTER_OTLP_ENDPOINT at a collector, a request is one trace whose upstream
 * reads are its child spans, sent by OTLP/HTTP; its log lines carry the trace id. The collector here
 * is a double of an OTLP/HTTP receiver: it takes `POST /v1/traces` in the protocol's JSON encoding
 * (https://opentelemetry.io/docs/specs/otlp/#otlphttp-request, ExportTraceServiceRequest).
 */
const spanSchema = z.object({
  traceId: z.string(),
  spanId: z.string(),
  parentSpanId: z.string().optional(),
  name: z.string(),
  kind: z.number(),
  attributes: z
    .array(z.object({ key: z.string(), value: z.record(z.string(), z.unknown()) }))
    .default([]),
});
const exportSchema = z.object({
  resourceSpans: z.array(
    z.object({
      resource: z.object({
        attributes: z.array(
          z.object({ key: z.string(), value: z.record(z.string(), z.unknown()) }),
        ),
      }),
      scopeSpans: z.array(z.object({ spans: z.array(spanSchema) })),
    }),
  ),
});
type ReceivedSpan = z.infer<typeof spanSchema> & { service: unknown };

/** A logger whose lines land in `lines`. */
const loggingTo = (lines: string[]) => ({
  level: 'info' as const,
  stream: new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  }),
});

/** OTLP span kinds (opentelemetry-proto trace.proto, SpanKind). */
const SERVER = 2;
const CLIENT = 3;

describe('OpenTelemetry traces', () => {
  let fake: FakeSis;
  let collector: Server;
  let endpoint: string;
  let app: FastifyInstance;
  const spans: ReceivedSpan[] = [];

  beforeAll(async () => {
    fake = await FakeSis.start();
    collector = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.url === '/v1/traces' && request.method === 'POST') {
          for (const resource of exportSchema.parse(JSON.parse(body)).resourceSpans) {
            const service = resource.resource.attributes.find((a) => a.key === 'service.name');
            for (const scope of resource.scopeSpans)
              spans.push(...scope.spans.map((s) => ({ ...s, service: service?.value })));
          }
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await fake.close();
    await new Promise((resolve) => collector.close(resolve));
  });
  afterEach(async () => {
    spans.length = 0;
    await app.close();
  });

  it('a read of the SIS is one trace: the request’s server span, and the upstream read as its child client span, named by method and host only', async () => {
    const lines: string[] = [];
    app = await createTestApp({
      env: {
        SIS_BASE_URL: fake.url,
        SIS_TOKEN: 'sis-secret',
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_SERVICE_NAME: 'portal-under-test',
      },
      logger: loggingTo(lines),
    });
    const auth = { authorization: `Token ${(await signIn(app, 'student')).token}` };
    spans.length = 0;
    const answer = await app.inject({ url: '/api/integrations/finti/holds', headers: auth });
    expect(answer.statusCode).toBe(200);
    await app.tracing!.flush();

    const request = spans.find(
      (s) =>
        s.kind === SERVER &&
        s.attributes.some(
          (a) => a.key === 'http.route' && a.value.stringValue === '/api/integrations/finti/holds',
        ),
    );
    expect(request, JSON.stringify(spans.map((s) => [s.name, s.kind, s.attributes]))).toBeDefined();
    const trace = spans.filter((s) => s.traceId === request!.traceId);
    // The store's queries are client spans too (query-spans.test.ts): the upstream reads are the rest.
    const upstream = trace.filter(
      (s) => s.kind === CLIENT && !s.attributes.some((a) => a.key === 'db.system'),
    );
    expect(trace.some((s) => s.attributes.some((a) => a.key === 'db.system'))).toBe(true);
    expect(upstream.map((s) => s.name)).toEqual([`GET ${new URL(fake.url).host}`]);
    // Its parent is the request's span or one of the request's own (the handler's).
    const ids = new Set(trace.map((s) => s.spanId));
    expect(ids.has(upstream[0]!.parentSpanId ?? '')).toBe(true);
    expect(JSON.stringify(upstream[0]!.attributes)).not.toContain('/holds');
    expect(request!.service).toEqual({ stringValue: 'portal-under-test' });
    // The request's log lines name its trace.
    expect(lines.some((line) => line.includes(`"trace_id":"${request!.traceId}"`))).toBe(true);
  });

  it('OTEL_TRACES_SAMPLER_ARG=0 keeps no trace a request starts, and still traces one whose caller sent a sampled trace context', async () => {
    app = await createTestApp({
      env: {
        SIS_BASE_URL: fake.url,
        SIS_TOKEN: 'sis-secret',
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_TRACES_SAMPLER_ARG: '0',
      },
    });
    const auth = { authorization: `Token ${(await signIn(app, 'student')).token}` };
    const url = '/api/integrations/finti/holds';
    expect((await app.inject({ url, headers: auth })).statusCode).toBe(200);
    await app.tracing!.flush();
    expect(spans).toEqual([]);

    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const headers = { ...auth, traceparent: `00-${traceId}-00f067aa0ba902b7-01` };
    expect((await app.inject({ url, headers })).statusCode).toBe(200);
    await app.tracing!.flush();
    expect(spans.length).toBeGreaterThan(1);
    expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set([traceId]));
  });

  it('without an endpoint nothing of the SDK starts and no log line carries a trace id', async () => {
    const lines: string[] = [];
    app = await createTestApp({
      env: { SIS_BASE_URL: fake.url, SIS_TOKEN: 'sis-secret' },
      logger: loggingTo(lines),
    });
    expect(app.tracing).toBeNull();
    const auth = { authorization: `Token ${(await signIn(app, 'student')).token}` };
    expect(
      (await app.inject({ url: '/api/integrations/finti/holds', headers: auth })).statusCode,
    ).toBe(200);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.some((line) => line.includes('trace_id'))).toBe(false);
    expect(spans).toEqual([]);
  });
});

import { randomBytes } from 'node:crypto';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-node';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.js';
import type { Database } from '../../../server/db/database.js';
import { STATEMENT_LIMIT } from '../../../server/db/traced-dialect.js';
import { createTestApp, signIn } from '../helpers/app.js';

/**
 * Issue 90: with tracing on, each store query is a span of its own, a child of the request that made
 * it, named by its operation and table, with no value bound to the query. The spans are read from an
 * in-memory exporter in place of OTLP (the OTLP path itself: tracing.test.ts).
 */
const databaseUrl = process.env.DATABASE_URL;
const TRACED = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_SERVICE_NAME: 'portal' };

/** The store of one case: in-memory SQLite, or a PostgreSQL schema of its own. */
async function storeFor(system: 'sqlite' | 'postgresql', traced: boolean) {
  if (system === 'sqlite') {
    return {
      database: await openDatabase({ sqliteFile: ':memory:', traced }),
      drop: async () => {},
    };
  }
  const schema = `spans_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ url: databaseUrl, schema, traced });
  const drop = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  };
  return { database, drop };
}

const attribute = (span: ReadableSpan, key: string) => span.attributes[key];

describe.each([
  { system: 'sqlite' as const, skip: false },
  { system: 'postgresql' as const, skip: !databaseUrl },
])('store query spans on $system', ({ system, skip }) => {
  let app: FastifyInstance | undefined;
  let drop = async () => {};
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await drop();
  });

  async function appWith(exporter: InMemorySpanExporter, traced: boolean) {
    const store: { database: Database; drop: () => Promise<void> } = await storeFor(system, traced);
    drop = store.drop;
    app = await createTestApp({
      env: traced ? TRACED : {},
      database: store.database,
      spanExporter: exporter,
    });
    return app;
  }

  it.skipIf(skip)(
    'a dashboard read’s request span has a child span for each store query, named by operation and table, with db.system and no parameter values',
    async () => {
      const exporter = new InMemorySpanExporter();
      const traced = await appWith(exporter, true);
      const auth = { authorization: `Token ${(await signIn(traced, 'student')).token}` };
      exporter.reset();
      const answer = await traced.inject({ url: '/api/dashboard/blocks', headers: auth });
      expect(answer.statusCode).toBe(200);
      await traced.tracing!.flush();

      const spans = exporter.getFinishedSpans();
      const request = spans.find(
        (s) => s.kind === SpanKind.SERVER && attribute(s, 'http.route') === '/api/dashboard/blocks',
      );
      expect(request, JSON.stringify(spans.map((s) => s.name))).toBeDefined();
      const trace = spans.filter((s) => s.spanContext().traceId === request!.spanContext().traceId);
      const queries = trace.filter((s) => attribute(s, 'db.system') !== undefined);
      expect(queries.length).toBeGreaterThan(0);
      const ids = new Set(trace.map((s) => s.spanContext().spanId));
      for (const query of queries) {
        expect(ids.has(query.parentSpanContext?.spanId ?? '')).toBe(true);
        expect(query.kind).toBe(SpanKind.CLIENT);
        expect(attribute(query, 'db.system')).toBe(system);
        const operation = attribute(query, 'db.operation.name');
        const table = attribute(query, 'db.collection.name');
        expect(query.name).toBe(table ? `${String(operation)} ${String(table)}` : operation);
        const text = String(attribute(query, 'db.query.text'));
        expect(text.length).toBeLessThanOrEqual(STATEMENT_LIMIT);
        // The session's token is a bound value: it is never in a statement's text.
        expect(text).not.toContain(auth.authorization.slice('Token '.length));
      }
      // The dashboard's own read: the mandatory blocks, from their table.
      expect(queries.map((s) => s.name)).toContain('SELECT dashboard_mandatory_blocks');
    },
  );

  it.skipIf(skip)('with tracing off the store’s queries record no span at all', async () => {
    const exporter = new InMemorySpanExporter();
    const untraced = await appWith(exporter, false);
    expect(untraced.tracing).toBeNull();
    const auth = { authorization: `Token ${(await signIn(untraced, 'student')).token}` };
    const answer = await untraced.inject({ url: '/api/dashboard/blocks', headers: auth });
    expect(answer.statusCode).toBe(200);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});

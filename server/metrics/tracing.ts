import { trace } from '@opentelemetry/api';
import type { FastifyPluginCallback } from 'fastify';
import type { SpanExporter } from '@opentelemetry/sdk-trace-node';

/**
 * OpenTelemetry traces (issue 90). With `OTEL_EXPORTER_OTLP_ENDPOINT` set, `startTracing` registers
 * a tracer provider that sends spans by OTLP/HTTP in batches, and Fastify's own instrumentation
 * (`@fastify/otel`) makes each request a trace; the upstream reads (server/net/outbound.ts) and
 * the senders add spans through `traced` (net/trace.ts). Unset, nothing of the SDK is loaded and
 * `traced` runs its work through the API's no-op tracer: no span is recorded or sent.
 */
export interface TracingSettings {
  endpoint: string;
  serviceName: string;
  /** The share of traces kept (`OTEL_TRACES_SAMPLER_ARG`), decided by the trace id, parent first. */
  ratio: number;
}

export interface Tracing {
  /** Registered first on the app, before any route. */
  plugin: FastifyPluginCallback;
  /** Sends what is waiting (tests, and the app's close). */
  flush: () => Promise<void>;
  shutdown: () => Promise<void>;
}

/**
 * The SDK, loaded only when an endpoint is set. `exporter` replaces the OTLP one (tests read spans
 * from an in-memory exporter).
 */
export async function startTracing(
  settings: TracingSettings,
  exporter?: SpanExporter,
): Promise<Tracing> {
  const [sdk, { OTLPTraceExporter }, otel, resources] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@fastify/otel'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new sdk.NodeTracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': settings.serviceName }),
    sampler: new sdk.ParentBasedSampler({
      root: new sdk.TraceIdRatioBasedSampler(settings.ratio),
    }),
    spanProcessors: [
      new sdk.BatchSpanProcessor(
        exporter ?? new OTLPTraceExporter({ url: `${settings.endpoint}/v1/traces` }),
      ),
    ],
  });
  provider.register();
  const instrumentation = new otel.FastifyOtelInstrumentation({
    // A span for the request and one for its handler; none for each of the dozen hooks every
    // request runs (a span each would cost more than most of them).
    instrumentHooks: false,
    // The probes and the metrics scrape are not requests anyone waits on.
    ignorePaths: (options) => ['/healthz', '/readyz', '/metrics'].includes(options.url),
  });
  instrumentation.setTracerProvider(provider);
  return {
    plugin: instrumentation.plugin(),
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      await provider.shutdown();
      trace.disable();
    },
  };
}

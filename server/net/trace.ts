import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Span } from '@opentelemetry/api';

/**
 * Spans through the OpenTelemetry API (issue 90): recorded and sent only when tracing is on
 * (metrics/tracing.ts registers the SDK); otherwise the API's no-op tracer runs the work as it is.
 */
const tracer = () => trace.getTracer('campus-portal');

/**
 * Runs `work` in a span named `name` (a client span: a call out of the process), a child of the
 * request's span where there is one; an error sets the span's status and goes on.
 */
export function traced<T>(
  name: string,
  attributes: Record<string, string | number>,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await work(span);
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).name });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** The trace and span ids of the active span, for a log line; none without a recording span. */
export function traceIds(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span?.isRecording()) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

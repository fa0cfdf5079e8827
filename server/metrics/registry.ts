import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { HistogramConfiguration } from 'prom-client';

/** Seconds; covers a cached answer (well under a millisecond) up to a timed-out SIS call. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type SisOutcome = 'ok' | 'error' | 'timeout';
export type CacheOutcome = 'hit' | 'miss' | 'stale';

/** What a database pool reports; SQLite has none (one connection, in process). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The process's own metrics (CPU, memory, event-loop lag, GC) are collected once per process: every
 * registry of a test suite that builds many apps would otherwise start its own event-loop monitor.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

type RequestLabel = 'method' | 'route' | 'status';

/** One series of the request histogram: its labels, its count per bucket (not summed), sum and count. */
interface RequestSeries {
  labels: Record<RequestLabel, string | number>;
  counts: number[];
  sum: number;
  count: number;
}

/**
 * The histogram every answer is observed in. prom-client's own observation checks the labels, joins
 * them into a key and finds the bucket by a property named after its bound, per observation: here a
 * series is found by one string, and an observation adds to an array. A scrape reads the series in
 * the shape prom-client's histogram gives its registry, so the exposition is the same.
 */
class RequestHistogram extends Histogram<RequestLabel> {
  private readonly bounds: readonly number[];
  // Set by reset(), which the base class's constructor calls before this class's fields would be.
  declare private series: Map<string, RequestSeries>;

  constructor(private readonly config: HistogramConfiguration<RequestLabel>) {
    super(config);
    this.bounds = config.buckets ?? [];
    this.series = new Map();
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        labels: { method, route, status },
        counts: this.bounds.map(() => 0),
        sum: 0,
        count: 0,
      };
      this.series.set(key, series);
    }
    const bucket = this.bounds.findIndex((bound) => seconds <= bound);
    if (bucket >= 0) series.counts[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  /**
   * What the registry reads at a scrape, in the shape prom-client's histogram gives it (its get()
   * reads it too, for the JSON form).
   */
  async getForPromString() {
    const name = this.config.name;
    const values = [...this.series.values()].flatMap((series) => {
      let below = 0;
      const bucket = (le: number | string, value: number) => ({
        labels: { le },
        sharedLabels: series.labels,
        value,
        metricName: `${name}_bucket`,
        exemplar: null,
      });
      return [
        ...this.bounds.map((bound, i) => bucket(bound, (below += series.counts[i] ?? 0))),
        bucket('+Inf', series.count),
        { labels: {}, sharedLabels: series.labels, value: series.sum, metricName: `${name}_sum` },
        {
          labels: {},
          sharedLabels: series.labels,
          value: series.count,
          metricName: `${name}_count`,
        },
      ];
    });
    return { name, help: this.config.help, type: 'histogram', values, aggregator: 'sum' };
  }

  override reset(): void {
    super.reset();
    this.series = new Map();
  }
}

/**
 * The portal's Prometheus metrics. Labels are bounded sets only: the route pattern (never the raw
 * URL), the status code, the SIS read, the cache outcome.
 */
export class PortalMetrics {
  readonly registry = new Registry();

  private readonly requests = new RequestHistogram({
    name: 'portal_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status (its _count is the request count)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  private readonly sisCalls = new Histogram({
    name: 'portal_sis_call_duration_seconds',
    help: 'Calls to the student information system by read and outcome',
    labelNames: ['endpoint', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  /**
   * Cache reads since the last scrape, added to the counter when it is read: every cached answer is
   * one, and the counter's inc() checks and joins its labels on every call.
   */
  private readonly uncountedCacheReads: Record<CacheOutcome, number> = {
    hit: 0,
    miss: 0,
    stale: 0,
  };

  private readonly cacheReads = new Counter({
    name: 'portal_cache_reads_total',
    help: 'Reads of the answer cache by outcome (hit, miss, stale copy served while the source fails)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
    collect: () => {
      for (const outcome of ['hit', 'miss', 'stale'] as const) {
        const count = this.uncountedCacheReads[outcome];
        this.uncountedCacheReads[outcome] = 0;
        if (count > 0) this.cacheReads.inc({ outcome }, count);
      }
    },
  });

  private readonly signIns = new Counter({
    name: 'portal_sign_ins_total',
    help: 'Sign-in attempts by method and outcome',
    labelNames: ['method', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly clientErrors = new Counter({
    name: 'portal_client_errors_total',
    help: 'Errors reported by the browser apps',
    labelNames: ['app'] as const,
    registers: [this.registry],
  });

  private readonly searches = new Counter({
    name: 'portal_searches_total',
    help: 'Searches by outcome: full, or partial (the store ran out of its time budget)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor(pool?: () => PoolStats | undefined) {
    for (const kind of ['total', 'idle', 'waiting'] as const) {
      new Gauge({
        name: `portal_db_pool_${kind}_connections`,
        help: `Database pool: ${kind === 'waiting' ? 'queries waiting for a connection' : `${kind} connections`}`,
        registers: [this.registry],
        collect() {
          const stats = pool?.();
          if (stats) this.set(stats[kind]);
        },
      });
    }
    for (const outcome of ['hit', 'miss', 'stale'] as const) this.cacheReads.inc({ outcome }, 0);
  }

  request(method: string, route: string, status: number, ms: number): void {
    this.requests.observeRequest(method, route, status, ms / 1000);
  }

  sisCall(endpoint: string, outcome: SisOutcome, ms: number): void {
    this.sisCalls.observe({ endpoint, outcome }, ms / 1000);
  }

  cacheRead(outcome: CacheOutcome): void {
    this.uncountedCacheReads[outcome] += 1;
  }

  signIn(method: string, outcome: 'success' | 'failure'): void {
    this.signIns.inc({ method, outcome });
  }

  clientError(app: string): void {
    this.clientErrors.inc({ app });
  }

  search(outcome: 'full' | 'partial'): void {
    this.searches.inc({ outcome });
  }

  private readonly serverRenders = new Histogram({
    name: 'portal_server_render_duration_seconds',
    help: 'First screens drawn by the server (issue 75) by outcome: rendered, or fallback (the browser draws it)',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  /** A page the server drew (`rendered`), or whose render failed and went out undrawn (`fallback`). */
  serverRender(outcome: 'rendered' | 'fallback', ms: number): void {
    this.serverRenders.observe({ outcome }, ms / 1000);
  }

  private readonly feedReads = new Counter({
    name: 'portal_feed_reads_total',
    help: 'Reads of a configured feed from its source (not the cache) by feed and outcome (ok, error)',
    labelNames: ['feed', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly feedSuccess = new Gauge({
    name: 'portal_feed_last_success_timestamp_seconds',
    help: 'When this process last read each configured feed from its source (Unix seconds)',
    labelNames: ['feed'] as const,
    registers: [this.registry],
  });

  /** A configured feed read from its source (the bundled samples are not counted). */
  feedRead(feed: string, outcome: 'ok' | 'error', at: Date): void {
    this.feedReads.inc({ feed, outcome });
    if (outcome === 'ok') this.feedSuccess.set({ feed }, at.getTime() / 1000);
  }

  /**
   * `portal_ready`: 1 when the process would answer `/readyz` with 200 (its store answers and it is
   * not draining), else 0; asked at each scrape. Set once, by the health routes.
   */
  watchReadiness(ready: () => Promise<boolean>): void {
    new Gauge({
      name: 'portal_ready',
      help: 'Whether this process is ready (its store answers and it is not shutting down): 1 or 0',
      registers: [this.registry],
      async collect() {
        this.set((await ready().catch(() => false)) ? 1 : 0);
      },
    });
  }

  /**
   * `portal_notify_oldest_due_seconds{lane}`: how long the oldest due notification of each lane
   * (`urgent`: emergency alerts; `routine`) has waited, 0 when none waits; read from the store at
   * each scrape through `oldestDue`. Set once, by the notify plugin.
   */
  watchNotifyQueue(
    oldestDue: () => Promise<{ urgent: string | null; routine: string | null }>,
    clock: () => Date,
  ): void {
    new Gauge({
      name: 'portal_notify_oldest_due_seconds',
      help: 'How long the oldest due notification has waited, by lane (urgent: emergency alerts)',
      labelNames: ['lane'] as const,
      registers: [this.registry],
      async collect() {
        const due = await oldestDue().catch(() => undefined);
        if (!due) return;
        const now = clock().getTime();
        for (const lane of ['urgent', 'routine'] as const) {
          const at = due[lane];
          this.set({ lane }, at ? Math.max(0, (now - Date.parse(at)) / 1000) : 0);
        }
      },
    });
  }

  /** The exposition text: this app's metrics, then the process's. */
  async text(): Promise<string> {
    const own = await this.registry.metrics();
    return `${own}\n${await processMetrics().metrics()}`;
  }

  readonly contentType = this.registry.contentType;
}

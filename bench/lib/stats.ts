/** The benchmarks' figures: rounding, percentiles and a latency summary. */

export const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/** The value below which `p` per cent of `values` fall (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Requests' count and latency percentiles, in milliseconds. */
export const summary = (ms: number[]) => ({
  requests: ms.length,
  p50_ms: round(percentile(ms, 50)),
  p95_ms: round(percentile(ms, 95)),
  p99_ms: round(percentile(ms, 99)),
  max_ms: round(Math.max(...ms)),
});

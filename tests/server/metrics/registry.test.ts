import { describe, expect, it } from 'vitest';
import { PortalMetrics } from '../../../server/metrics/registry.js';

const series = 'method="GET",route="/api/a",status="200"';

/** The request histogram's lines of the exposition text, by what precedes the value. */
async function requestLines(metrics: PortalMetrics) {
  const lines = (await metrics.text())
    .split('\n')
    .filter((line) => line.startsWith('portal_http_request_duration_seconds'));
  return new Map(
    lines.map((line) => [
      line.slice(0, line.lastIndexOf(' ')),
      line.slice(line.lastIndexOf(' ') + 1),
    ]),
  );
}

describe('the request histogram', () => {
  it('counts each answer in the bucket of its duration and every bucket above, with sum and count', async () => {
    const metrics = new PortalMetrics();
    for (const ms of [0.4, 3.2, 12_000]) metrics.request('GET', '/api/a', 200, ms);
    const lines = await requestLines(metrics);
    expect(lines.get(`portal_http_request_duration_seconds_bucket{le="0.001",${series}}`)).toBe(
      '1',
    );
    expect(lines.get(`portal_http_request_duration_seconds_bucket{le="0.0025",${series}}`)).toBe(
      '1',
    );
    expect(lines.get(`portal_http_request_duration_seconds_bucket{le="0.005",${series}}`)).toBe(
      '2',
    );
    expect(lines.get(`portal_http_request_duration_seconds_bucket{le="10",${series}}`)).toBe('2');
    expect(lines.get(`portal_http_request_duration_seconds_bucket{le="+Inf",${series}}`)).toBe('3');
    expect(Number(lines.get(`portal_http_request_duration_seconds_sum{${series}}`))).toBeCloseTo(
      12.0036,
    );
    expect(lines.get(`portal_http_request_duration_seconds_count{${series}}`)).toBe('3');
  });

  it('keeps one series per method, route and status, and none after a reset', async () => {
    const metrics = new PortalMetrics();
    metrics.request('GET', '/api/a', 200, 1);
    metrics.request('GET', '/api/a', 404, 1);
    metrics.request('POST', '/api/a', 200, 1);
    const counts = [...(await requestLines(metrics)).keys()].filter((key) =>
      key.includes('_count'),
    );
    expect(counts).toHaveLength(3);
    metrics.registry.resetMetrics();
    expect(await requestLines(metrics)).toEqual(new Map());
  });
});

describe('the cache reads counter', () => {
  const count = async (metrics: PortalMetrics, outcome: string) => {
    const line = (await metrics.text())
      .split('\n')
      .find((l) => l.startsWith(`portal_cache_reads_total{outcome="${outcome}"} `));
    return Number(line?.split(' ')[1]);
  };

  it('shows every read by outcome at each scrape, adding up across scrapes', async () => {
    const metrics = new PortalMetrics();
    expect(await count(metrics, 'hit')).toBe(0);
    metrics.cacheRead('hit');
    metrics.cacheRead('hit');
    metrics.cacheRead('miss');
    expect(await count(metrics, 'hit')).toBe(2);
    expect(await count(metrics, 'miss')).toBe(1);
    metrics.cacheRead('hit');
    expect(await count(metrics, 'hit')).toBe(3);
    expect(await count(metrics, 'stale')).toBe(0);
  });
});

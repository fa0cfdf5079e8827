import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryCacheStore } from '../../../server/cache/memory-store.js';
import { ReadThroughCache } from '../../../server/cache/read-through.js';
import {
  EMERGENCY_FEED_FRESH_MS,
  currentEmergencyAlerts,
  parseEmergencyFeed,
} from '../../../server/feeds/emergency-feed.js';
import { sampleEmergencyFeed } from '../../../server/feeds/emergency-sample.js';

const start = new Date('2026-11-21T12:00:00.000Z');

function setUp(url?: string) {
  let now = start;
  const clock = () => now;
  const cache = new ReadThroughCache({ store: new MemoryCacheStore(), clock });
  return {
    read: () => currentEmergencyAlerts({ url, timeoutMs: 50, cache, clock }),
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
}

const feed = (items: string) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Alerts</title>${items}</channel></rss>`;

afterEach(() => vi.restoreAllMocks());

describe('emergency alert feed', () => {
  it('the bundled sample holds one current alert; the 5-day-old and the undated ones are dropped', async () => {
    const alerts = await setUp().read();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      title: 'Campus alert test',
      description: 'This is a test of the campus emergency alert system. No action is needed.',
      pubDate: new Date(start.getTime() - 3_600_000).toISOString(),
    });
    expect(alerts[0]?.id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('markup in a description becomes plain text', async () => {
    const [alert] = await parseEmergencyFeed(
      feed(
        `<item><title>Fire &amp; smoke</title><description>&lt;b&gt;Leave&lt;/b&gt; the &lt;a href="javascript:x"&gt;building&lt;/a&gt;</description><pubDate>${start.toUTCString()}</pubDate></item>`,
      ),
    );
    expect(alert).toMatchObject({ title: 'Fire & smoke', description: 'Leave the building' });
  });

  it('reads a configured feed once per minute through the shared cache, newest first', async () => {
    const xml = feed(
      [2, 30]
        .map(
          (h) =>
            `<item><title>${h} h</title><guid>${h}</guid><pubDate>${new Date(start.getTime() - h * 3_600_000).toUTCString()}</pubDate></item>`,
        )
        .join(''),
    );
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(xml));
    const { read, advance } = setUp('https://alerts.campus.example.edu/rss');
    expect((await read()).map((a) => a.title)).toEqual(['2 h', '30 h']);
    await read();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toBe('https://alerts.campus.example.edu/rss');
    advance(EMERGENCY_FEED_FRESH_MS + 1);
    await read();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('the 3-day rule is applied when asked, to the cached copy too (fake clock)', async () => {
    const xml = feed(
      `<item><title>old soon</title><pubDate>${new Date(start.getTime() - 71 * 3_600_000).toUTCString()}</pubDate></item>`,
    );
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(xml));
    const { read, advance } = setUp('https://alerts.campus.example.edu/rss');
    expect(await read()).toHaveLength(1);
    advance(2 * 3_600_000);
    expect(await read()).toHaveLength(0);
  });

  it('a feed that does not answer in time fails, and a cached copy stands in for it', async () => {
    const xml = feed(`<item><title>kept</title><pubDate>${start.toUTCString()}</pubDate></item>`);
    const fetch = vi.spyOn(globalThis, 'fetch');
    fetch.mockImplementationOnce(async () => new Response(xml));
    fetch.mockImplementation(
      (_url, init) =>
        new Promise((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const { read, advance } = setUp('https://alerts.campus.example.edu/rss');
    expect(await read()).toHaveLength(1);
    advance(EMERGENCY_FEED_FRESH_MS + 1);
    expect((await read()).map((a) => a.title)).toEqual(['kept']);
    await expect(setUp('https://alerts.campus.example.edu/rss').read()).rejects.toThrow();
  });

  it('sample feeds stay current: the sample is dated from the clock', () => {
    expect(sampleEmergencyFeed(start)).toContain(
      new Date(start.getTime() - 3_600_000).toUTCString(),
    );
  });
});

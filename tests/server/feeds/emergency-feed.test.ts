import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultCampus } from '../../../contract/campus.schema.js';
import { MemoryCacheStore } from '../../../server/cache/memory-store.js';
import { ReadThroughCache } from '../../../server/cache/read-through.js';
import {
  EMERGENCY_FEED_FRESH_MS,
  EMERGENCY_OUTAGE_MS,
  OutageMemo,
  currentEmergencyAlerts,
} from '../../../server/feeds/emergency-feed.js';
import type { EmergencyRead } from '../../../server/feeds/emergency-feed.js';
import { sampleEmergencyFeed } from '../../../server/feeds/emergency-sample.js';
import { FakeFeeds } from '../../fake-feeds/fake-feeds.js';
import { alertsOf } from './read-document.js';

const start = new Date('2026-11-21T12:00:00.000Z');
/** The alert feed on a real local host (faults per path: a hang past the time limit). */
let fake: FakeFeeds;
let URL_: string;
const PATH = 'rss';
beforeAll(async () => {
  fake = await FakeFeeds.start();
  URL_ = fake.url(PATH);
});
afterAll(() => fake.close());
afterEach(() => {
  fake.heal();
  fake.hits.clear();
});

function setUp(url?: string) {
  let now = start;
  const clock = () => now;
  const cache = new ReadThroughCache({ store: new MemoryCacheStore(), clock });
  const outage = new OutageMemo();
  const log = Fastify({ logger: false }).log;
  return {
    read: () =>
      currentEmergencyAlerts({
        url,
        timeoutMs: 250,
        cache,
        clock,
        campus: defaultCampus,
        log,
        outage,
      }),
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
}

const alertsIn = (read: EmergencyRead) => {
  if (!read.checked) throw new Error('alerts could not be checked');
  return read.alerts;
};

const feed = (items: string) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Alerts</title>${items}</channel></rss>`;
const item = (title: string, hoursAgo: number, extra = '') =>
  `<item><title>${title}</title><guid>${title}-${hoursAgo}</guid><pubDate>${new Date(start.getTime() - hoursAgo * 3_600_000).toUTCString()}</pubDate>${extra}</item>`;

/** The alert feed answers `xml` from now on. */
const serve = (xml: string) => fake.serve(PATH, xml);
const hang = () => fake.fail(PATH, { kind: 'hang' });
const reads = () => fake.hits.get(PATH) ?? 0;

describe('emergency alert feed', () => {
  it('the bundled sample holds one current alert; the 5-day-old and the undated ones are dropped', async () => {
    const alerts = alertsIn(await setUp().read());
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      title: 'Campus alert test',
      description: 'This is a test of the campus emergency alert system. No action is needed.',
      pubDate: new Date(start.getTime() - 3_600_000).toISOString(),
      severity: 'test',
    });
    expect(alerts[0]?.id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('markup in a description becomes plain text; a javascript: link keeps only its words', () => {
    const [alert] = alertsOf(
      feed(
        item(
          'Fire &amp; smoke',
          0,
          '<description>&lt;b&gt;Leave&lt;/b&gt; the &lt;a href="javascript:x"&gt;building&lt;/a&gt;</description>',
        ),
      ),
    );
    expect(alert).toMatchObject({ title: 'Fire & smoke', description: 'Leave the building' });
  });

  it('http and https links in an alert stay as addresses the page links', () => {
    const [alert] = alertsOf(
      feed(
        item(
          'Shelter in place',
          0,
          `<description><![CDATA[<p>Details at <a href="https://safety.campus.example.edu/now">the safety page</a> and <a href="http://status.campus.example.edu/">http://status.campus.example.edu/</a>.</p>]]></description>`,
        ),
      ),
    );
    expect(alert?.description).toBe(
      'Details at the safety page (https://safety.campus.example.edu/now) and http://status.campus.example.edu/.',
    );
  });

  it('a title the system already prefixed is not prefixed twice ("Alert: …" shows once)', () => {
    const titles = alertsOf(
      feed(
        [
          item('Emergency Alert: Alert: Police activity near Cramer Hall', 1),
          item('[Campus Alert] Water main break', 2),
          item('ALERT - Road closed', 3),
        ].join(''),
      ),
    ).map((a) => a.title);
    expect(titles).toEqual(['Police activity near Cramer Hall', 'Water main break', 'Road closed']);
  });

  it('an all-clear is not a threat: severity from CAP fields, else from the words', () => {
    const cap = 'xmlns:cap="urn:oasis:names:tc:emergency:cap:1.2"';
    const xml = `<?xml version="1.0"?><rss version="2.0" ${cap}><channel>${[
      item('All clear: police activity has ended', 1),
      item('Shooter reported near the library', 2),
      item('Snow advisory for Tuesday', 3),
      item('Gas leak', 4, '<cap:severity>Extreme</cap:severity>'),
      item('Lockdown', 5, '<cap:msgType>Cancel</cap:msgType>'),
      item('Weekly siren test', 6),
    ].join('')}</channel></rss>`;
    expect(alertsOf(xml).map((a) => a.severity)).toEqual([
      'all-clear',
      'emergency',
      'advisory',
      'emergency',
      'all-clear',
      'test',
    ]);
  });

  it('at most 10 alerts reach the page, newest first, however many the feed holds', async () => {
    const many = feed(
      Array.from({ length: 40 }, (_, i) => item(`alert ${i}`, (i * 7) % 40)).join(''),
    );
    serve(many);
    const alerts = alertsIn(await setUp(URL_).read());
    expect(alerts).toHaveLength(10);
    const dates = alerts.map((a) => a.pubDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe(start.toISOString());
  });

  it('reads a configured feed once per minute through the shared cache, newest first', async () => {
    const xml = feed(item('2 h', 2) + item('30 h', 30));
    serve(xml);
    const { read, advance } = setUp(URL_);
    expect(alertsIn(await read()).map((a) => a.title)).toEqual(['2 h', '30 h']);
    await read();
    expect(reads()).toBe(1);
    advance(EMERGENCY_FEED_FRESH_MS + 1);
    await read();
    expect(reads()).toBe(2);
  });

  it('the 3-day rule is applied when asked, to the cached copy too (fake clock)', async () => {
    serve(feed(item('old soon', 71)));
    const { read, advance } = setUp(URL_);
    expect(alertsIn(await read())).toHaveLength(1);
    advance(2 * 3_600_000);
    expect(alertsIn(await read())).toHaveLength(0);
  });

  it('a feed that does not answer in time: a cached copy stands in for it', async () => {
    serve(feed(item('kept', 0)));
    const { read, advance } = setUp(URL_);
    expect(alertsIn(await read())).toHaveLength(1);
    hang();
    advance(EMERGENCY_FEED_FRESH_MS + 1);
    expect(alertsIn(await read()).map((a) => a.title)).toEqual(['kept']);
  });

  it('a feed that cannot be read with no copy says the alerts could not be checked, not "no alerts"', async () => {
    hang();
    expect(await setUp(URL_).read()).toEqual({ checked: false });
  });

  it('after a failed read the feed is not asked again for a short while: pages learn it at once', async () => {
    hang();
    const { read, advance } = setUp(URL_);
    await read();
    const started = performance.now();
    expect(await read()).toEqual({ checked: false });
    expect(performance.now() - started).toBeLessThan(20);
    expect(reads()).toBe(1);
    advance(EMERGENCY_OUTAGE_MS + 1);
    fake.heal();
    serve(feed(item('back', 0)));
    expect(alertsIn(await read()).map((a) => a.title)).toEqual(['back']);
  });

  it('sample feeds stay current: the sample is dated from the clock', () => {
    expect(sampleEmergencyFeed(start)).toContain(
      new Date(start.getTime() - 3_600_000).toUTCString(),
    );
  });
});

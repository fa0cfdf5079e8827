import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCampus } from '../../../contract/campus.schema.js';
import { MemoryCacheStore } from '../../../server/cache/memory-store.js';
import { ReadThroughCache } from '../../../server/cache/read-through.js';
import { referencedIds } from '../../../server/feeds/emergency-parse.js';
import { OutageMemo, currentEmergencyAlerts } from '../../../server/feeds/emergency-feed.js';
import type { EmergencyRead } from '../../../server/feeds/emergency-feed.js';
import { FakeFeeds } from '../../fake-feeds/fake-feeds.js';
import { alertsOf } from './read-document.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/feeds/${name}`, import.meta.url), 'utf8');

/** The alert feed, on a real local host. */
let fake: FakeFeeds;
beforeAll(async () => {
  fake = await FakeFeeds.start();
});
afterAll(() => fake.close());

/** The alert feed answering `document`, read at `now`. */
async function readAt(document: string, now: Date): Promise<EmergencyRead & { checked: true }> {
  fake.serve('cap', document);
  const clock = () => now;
  const read = await currentEmergencyAlerts({
    url: fake.url('cap'),
    timeoutMs: 500,
    cache: new ReadThroughCache({ store: new MemoryCacheStore(), clock }),
    clock,
    campus: defaultCampus,
    log: Fastify({ logger: false }).log,
    outage: new OutageMemo(),
  });
  if (!read.checked) throw new Error('alerts could not be checked');
  return read;
}

describe('alerts that end (issue 62): CAP expires and Cancel/references', () => {
  it('a raw CAP 1.2 alert is live until its <expires>, then leaves the live list and stays in the history', async () => {
    const cap = fixture('cap-alert-expires.xml');
    expect(alertsOf(cap)[0]?.expires).toBe('2026-11-22T21:42:00.000Z');
    const before = await readAt(cap, new Date('2026-11-22T21:00:00Z'));
    expect(before.alerts.map((a) => a.title)).toEqual([
      'Shelter in place: Smith Memorial Student Union',
    ]);
    expect(before.ended).toEqual([]);
    // 27 hours later: what the administrator saw still showing.
    const after = await readAt(cap, new Date('2026-11-23T22:42:00Z'));
    expect(after.alerts).toEqual([]);
    expect(after.ended).toEqual([
      expect.objectContaining({
        title: 'Shelter in place: Smith Memorial Student Union',
        ended: 'expired',
      }),
    ]);
  });

  it('a CAP Cancel retires the alert its <references> names; the Cancel itself shows as an all-clear', async () => {
    const read = await readAt(fixture('cap-atom-cancel.xml'), new Date('2026-11-22T20:35:00Z'));
    expect(read.alerts.map((a) => [a.title, a.severity])).toEqual([
      ['Shelter in place lifted: Smith Memorial Student Union', 'all-clear'],
    ]);
    expect(read.ended.map((a) => [a.title, a.ended])).toEqual([
      ['Shelter in place: Smith Memorial Student Union', 'cancelled'],
      ['Power outage: Cramer Hall', 'expired'],
    ]);
  });

  it('a cap:expires still ahead keeps an Atom entry live', async () => {
    const read = await readAt(fixture('cap-atom-cancel.xml'), new Date('2026-11-22T18:00:00Z'));
    expect(read.alerts.map((a) => a.title)).toContain('Power outage: Cramer Hall');
  });

  it("RSS expirationDate and Atom age:expires end an alert like CAP's expires; an unreadable one never does", async () => {
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>Alerts</title>
      <item><title>Road closed on Broadway</title><guid>a</guid><pubDate>Sun, 22 Nov 2026 17:00:00 GMT</pubDate><expirationDate>Sun, 22 Nov 2026 19:00:00 GMT</expirationDate></item>
      <item><title>Snow advisory</title><guid>b</guid><pubDate>Sun, 22 Nov 2026 16:00:00 GMT</pubDate><expirationDate>soon</expirationDate></item>
    </channel></rss>`;
    const rssRead = await readAt(rss, new Date('2026-11-22T20:00:00Z'));
    expect(rssRead.alerts.map((a) => a.title)).toEqual(['Snow advisory']);
    expect(rssRead.ended.map((a) => [a.title, a.ended])).toEqual([
      ['Road closed on Broadway', 'expired'],
    ]);
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:age="http://purl.org/atompub/age/1.0">
      <title>Alerts</title><id>x</id><updated>2026-11-22T17:00:00Z</updated>
      <entry><id>c</id><title>Water main break</title><updated>2026-11-22T17:00:00Z</updated><age:expires>2026-11-22T18:00:00Z</age:expires></entry>
    </feed>`;
    const atomRead = await readAt(atom, new Date('2026-11-22T20:00:00Z'));
    expect(atomRead.alerts).toEqual([]);
    expect(atomRead.ended.map((a) => a.title)).toEqual(['Water main break']);
  });

  it('references are sender,identifier,sent triples separated by white space', () => {
    expect(
      referencedIds(
        'alerts@x.edu,PSU-1,2026-11-22T11:42:00-08:00\n  alerts@x.edu,PSU,2,2026-11-22T12:00:00-08:00 broken',
      ),
    ).toEqual(['PSU-1', 'PSU,2']);
  });
});

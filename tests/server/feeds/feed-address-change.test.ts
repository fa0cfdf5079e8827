import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emergencyAlertsAnswerSchema } from '../../../contract/alerts.schema.js';
import { eventListSchema } from '../../../contract/events.schema.js';
import { buildApp } from '../../../server/app.js';
import type { CacheStore } from '../../../server/cache/store.js';
import { loadConfig } from '../../../server/config.js';
import { openDatabase } from '../../../server/db/database.js';
import { FakeFeeds } from '../../fake-feeds/fake-feeds.js';
import { cacheStores } from '../cache/stores.js';
import { signIn } from '../helpers/app.js';

const EVENTS = '/api/integrations/pdx/events';
const NEWS = '/api/integrations/pdxcampusgroups/news';
const ALERTS = '/api/integrations/rave-messages';
const now = new Date('2026-11-22T20:00:00.000Z');
let fake: FakeFeeds;

const news = (title: string) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>News</title><item><title>${title}</title>
  <link>https://groups.campus.example.edu/news/${title.replace(/ /g, '-')}</link>
  <pubDate>Fri, 20 Nov 2026 17:00:00 GMT</pubDate></item></channel></rss>`;
const calendar = (title: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Campus//Test//EN',
    'BEGIN:VEVENT',
    `UID:${title.replace(/ /g, '-')}@campus.example.edu`,
    'DTSTAMP:20261101T000000Z',
    'DTSTART:20261201T180000Z',
    'DTEND:20261201T190000Z',
    `SUMMARY:${title}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
const alerts = (title: string) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Alerts</title><item><title>${title}</title>
  <description>${title}</description><pubDate>Sun, 22 Nov 2026 19:00:00 GMT</pubDate></item></channel></rss>`;

beforeAll(async () => {
  fake = await FakeFeeds.start();
  for (const which of ['old', 'new']) {
    fake.serve(`${which}/events.ics`, calendar(`${which} fair`), 'text/calendar');
    fake.serve(`${which}/news.xml`, news(`${which} story`));
    fake.serve(`${which}/alerts.xml`, alerts(`${which} alert`));
  }
});
afterAll(async () => fake.close());

/** A campus configuration whose events, news and alerts are the fake host's `<which>/…`. */
const campusOn = (which: 'old' | 'new') =>
  fake.campusConfig({
    feeds: {
      universityEvents: fake.url(`${which}/events.ics`),
      campusGroupNews: fake.url(`${which}/news.xml`),
    },
    emergencyAlertsFeed: fake.url(`${which}/alerts.xml`),
  });

/** One server process started with the campus configuration `campus`, on the shared cache store. */
async function processOn(dataDir: string, campus: string, cacheStore: CacheStore) {
  const database = await openDatabase({ dataDir, sqliteFile: 'portal.sqlite' });
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      CLIENT_DIR: '/nonexistent',
      CAMPUS_CONFIG: campus,
      FEED_TIMEOUT_MS: '4000',
    }),
    database,
    logger: false,
    clock: () => now,
    cacheStore,
  });
  const headers = { authorization: `Token ${(await signIn(app, 'student')).token}` };
  return { app, headers };
}

/** The titles a process answers for the events, the news and the live alerts. */
async function titles({ app, headers }: { app: FastifyInstance; headers: Record<string, string> }) {
  const list = async (url: string) =>
    eventListSchema.parse((await app.inject({ url, headers })).json()).map((e) => e.title);
  const alert = emergencyAlertsAnswerSchema.parse(
    (await app.inject({ url: ALERTS, headers })).json(),
  );
  return {
    events: await list(EVENTS),
    news: await list(NEWS),
    alerts: alert.checked ? alert.alerts.map((a) => a.title) : null,
  };
}

const hitsOf = (which: string) =>
  ['events.ics', 'news.xml', 'alerts.xml'].map((file) => fake.hits.get(`${which}/${file}`) ?? 0);

describe.each(cacheStores())(
  "a feed's address changed in the campus configuration ($name store shared by two processes)",
  ({ open }) => {
    it('the next read on a process started with the new address fetches it, on every process, while a process on the old one keeps its own', async () => {
      const store = open();
      // One feed server for both stores: each store's run counts its own fetches.
      fake.hits.clear();
      const dir = mkdtempSync(join(tmpdir(), 'portal-feed-address-'));
      const old = await processOn(dir, campusOn('old'), store);
      const started: FastifyInstance[] = [old.app];
      try {
        // Read and cached (fresh for 5 minutes, the alerts for 1) under the old addresses.
        expect(await titles(old)).toEqual({
          events: ['old fair'],
          news: ['old story'],
          alerts: ['old alert'],
        });
        expect(hitsOf('new')).toEqual([0, 0, 0]);

        // The administrator edits the campus configuration and restarts the processes one by one.
        const restarted = await processOn(dir, campusOn('new'), store);
        started.push(restarted.app);
        expect(await titles(restarted)).toEqual({
          events: ['new fair'],
          news: ['new story'],
          alerts: ['new alert'],
        });
        expect(hitsOf('new')).toEqual([1, 1, 1]);

        // The second process on the new configuration answers the new feeds from the shared copy.
        const second = await processOn(dir, campusOn('new'), store);
        started.push(second.app);
        expect(await titles(second)).toEqual({
          events: ['new fair'],
          news: ['new story'],
          alerts: ['new alert'],
        });
        expect(hitsOf('new')).toEqual([1, 1, 1]);

        // The process not yet restarted still answers its own configuration's copy, untouched.
        const oldHits = hitsOf('old');
        expect((await titles(old)).news).toEqual(['old story']);
        expect(hitsOf('old')).toEqual(oldHits);
      } finally {
        for (const app of started) await app.close();
      }
    });
  },
);

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventListSchema } from '../../../contract/events.schema.js';
import { buildApp } from '../../../server/app.js';
import type { CacheStore } from '../../../server/cache/store.js';
import { loadConfig } from '../../../server/config.js';
import { openDatabase } from '../../../server/db/database.js';
import { feedImageId } from '../../../server/feeds/feed-images.js';
import { FakeFeeds } from '../../fake-feeds/fake-feeds.js';
import { cacheStores } from '../cache/stores.js';
import { signIn } from '../helpers/app.js';

const NEWS = '/api/integrations/pdxcampusgroups/news';
let fake: FakeFeeds;
const hosted = (path: string) => fake.url(path).replace('127.0.0.1', 'localhost');

beforeAll(async () => {
  fake = await FakeFeeds.start();
  const picture = await sharp({
    create: { width: 900, height: 600, channels: 3, background: '#7d2f5b' },
  })
    .png()
    .toBuffer();
  const items = [0, 1, 2].map(
    (i) => `<item><title>Item ${i}</title><link>https://groups.campus.example.edu/news/${i}</link>
      <guid>news-${i}</guid><pubDate>Fri, 20 Nov 2026 17:00:00 GMT</pubDate>
      <enclosure url="${hosted(`img-${i}.png`)}" type="image/png" length="0"/></item>`,
  );
  for (const i of [0, 1, 2]) fake.serve(`img-${i}.png`, picture, 'image/png');
  fake.serve(
    'news.xml',
    `<?xml version="1.0"?><rss version="2.0"><channel><title>News</title>${items.join('')}</channel></rss>`,
  );
});
afterAll(async () => fake.close());

/** One server process of the reference deployment: its own memory, the shared store and cache. */
async function processOn(dataDir: string, cacheStore: CacheStore): Promise<FastifyInstance> {
  const database = await openDatabase({ dataDir, sqliteFile: 'portal.sqlite' });
  return buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      CLIENT_DIR: '/nonexistent',
      CAMPUS_CONFIG: fake.campusConfig(),
      FEED_TIMEOUT_MS: '4000',
      FEED_IMAGE_PRIVATE_HOSTS: 'localhost',
    }),
    database,
    logger: false,
    clock: () => new Date('2026-11-22T20:00:00.000Z'),
    cacheStore,
  });
}

describe.each(cacheStores())(
  'feed images with two processes on one store ($name): any process answers any image a feed answer names (issue 62)',
  ({ open }) => {
    it('the process that did not read the feed serves its images, also right after a restart', async () => {
      const store = open();
      const file = mkdtempSync(join(tmpdir(), 'portal-images-'));
      const first = await processOn(file, store);
      let second = await processOn(file, store);
      try {
        const { token } = await signIn(first, 'student');
        const answer = await first.inject({
          url: NEWS,
          headers: { authorization: `Token ${token}` },
        });
        const images = eventListSchema
          .parse(answer.json())
          .map((item) => item.image)
          .filter((image) => image !== null);
        expect(images).toHaveLength(3);
        // nginx sends each image request to the other process, which never read the feed.
        for (const image of images) {
          const response = await second.inject({ url: `${image}?w=400` });
          expect(response.statusCode).toBe(200);
          expect(response.headers['content-type']).toBe('image/webp');
        }
        // A restart of that process: its memory is gone, the shared note is not.
        await second.close();
        second = await processOn(file, store);
        const again = await second.inject({ url: `${images[0]}?w=800` });
        expect(again.statusCode).toBe(200);
        // An image no feed answer named is still 404, and fetched by no process.
        fake.serve('other.png', Buffer.from('not shown'), 'image/png');
        const unnamed = await second.inject({
          url: `/api/feed-images/${feedImageId(hosted('other.png'))}`,
        });
        expect(unnamed.statusCode).toBe(404);
        expect(fake.hits.get('other.png')).toBeUndefined();
      } finally {
        await first.close();
        await second.close();
      }
    }, 60_000);
  },
);

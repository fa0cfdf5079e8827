import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventListSchema } from '../../../contract/events.schema.js';
import type { FeedEvent } from '../../../contract/events.schema.js';
import { feedImageId } from '../../../server/feeds/feed-images.js';
import { FakeFeeds } from '../../fake-feeds/fake-feeds.js';
import { createTestApp, signIn } from '../helpers/app.js';
import { hugePng } from '../media/huge-png.js';

let now = new Date('2026-11-22T20:00:00.000Z');
const NEWS = '/api/integrations/pdxcampusgroups/news';
/** The news feed shows its first 12 items; the server keeps more. */
const ITEMS = 15;
let fake: FakeFeeds;
let app: FastifyInstance;
let headers: { authorization: string };

const hosted = (path: string) => fake.url(path).replace('127.0.0.1', 'localhost');
const imageOf = (i: number) => (i === 5 ? 'huge.png' : `img-${i}.png`);
const idOf = (i: number) => feedImageId(hosted(imageOf(i)));

/** The news feed with its items in `order` (item i's image is `imageOf(i)`). */
function newsFeed(order: number[]) {
  const entries = order.map(
    (i) => `<item><title>Item ${i}</title><link>https://groups.campus.example.edu/news/${i}</link>
      <guid>news-${i}</guid><pubDate>Fri, 20 Nov 2026 17:00:00 GMT</pubDate>
      <enclosure url="${hosted(imageOf(i))}" type="image/png" length="0"/></item>`,
  );
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>News</title>${entries.join('')}</channel></rss>`;
}

/** Requests to the fake host, all paths together (the feed document and every image). */
const upstreamRequests = () => [...fake.hits.values()].reduce((sum, n) => sum + n, 0);

beforeAll(async () => {
  fake = await FakeFeeds.start();
  const picture = await sharp({
    create: { width: 900, height: 600, channels: 3, background: '#2f7d5b' },
  })
    .png()
    .toBuffer();
  for (let i = 0; i < ITEMS; i += 1) fake.serve(imageOf(i), picture, 'image/png');
  fake.serve('huge.png', await hugePng(9000, 5000), 'image/png');
  fake.serve('news.xml', newsFeed(Array.from({ length: ITEMS }, (_, i) => i)));
  app = await createTestApp({
    clock: () => now,
    env: {
      CAMPUS_CONFIG: fake.campusConfig(),
      FEED_TIMEOUT_MS: '4000',
      FEED_IMAGE_PRIVATE_HOSTS: 'localhost',
    },
  });
  headers = { authorization: `Token ${(await signIn(app, 'student')).token}` };
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

async function news(): Promise<Map<string, FeedEvent>> {
  const response = await app.inject({ url: NEWS, headers });
  expect(response.statusCode).toBe(200);
  return new Map(eventListSchema.parse(response.json()).map((e) => [e.title, e]));
}

const image = (id: string, width = 400) => app.inject({ url: `/api/feed-images/${id}?w=${width}` });

describe('the feed image route serves only images a feed answer shows, never fetching', () => {
  it('before any feed is read, 100 anonymous requests for known and unknown ids fetch nothing', async () => {
    const ids = [
      idOf(0),
      idOf(13),
      feedImageId('https://elsewhere.example.org/x.png'),
      'a'.repeat(43),
    ];
    for (let i = 0; i < 100; i += 1) {
      expect((await image(ids[i % ids.length]!)).statusCode).toBe(404);
    }
    expect(upstreamRequests()).toBe(0);
  });

  it("a shown item's image is served after the feed is read, without a fetch at request time", async () => {
    const item = (await news()).get('Item 0');
    expect(item?.image).toBe(`/api/feed-images/${idOf(0)}`);
    const before = upstreamRequests();
    for (const width of [400, 800]) {
      const response = await image(idOf(0), width);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
    }
    expect(upstreamRequests()).toBe(before);
    expect(fake.hits.get('img-0.png')).toBe(1);
  });

  it('an item the feed keeps but does not show (13th to 15th) is 404, its image never fetched', async () => {
    await news();
    for (const i of [12, 13, 14]) {
      for (let n = 0; n < 10; n += 1) expect((await image(idOf(i))).statusCode).toBe(404);
      expect(fake.hits.get(imageOf(i))).toBeUndefined();
    }
  });

  it('an image over the pixel limit is refused by its header: the item has no image, its id is 404', async () => {
    const item = (await news()).get('Item 5');
    expect(item).toBeDefined();
    expect(item!.image).toBeNull();
    expect((await image(idOf(5))).statusCode).toBe(404);
    expect(fake.hits.get('huge.png')).toBe(1);
  });

  it('an item no longer shown is 404 at once, though its image was prepared, and is not fetched again', async () => {
    expect((await image(idOf(1))).statusCode).toBe(200);
    // Item 1 moves to the 15th place: still kept, no longer shown; item 12 is shown instead.
    const order = [0, ...Array.from({ length: ITEMS - 2 }, (_, i) => i + 2), 1];
    fake.serve('news.xml', newsFeed(order));
    now = new Date(now.getTime() + 6 * 60_000);
    const items = await news();
    expect(items.has('Item 1')).toBe(false);
    expect(items.get('Item 12')?.image).toBe(`/api/feed-images/${idOf(12)}`);
    const before = upstreamRequests();
    expect((await image(idOf(1))).statusCode).toBe(404);
    expect((await image(idOf(12))).statusCode).toBe(200);
    expect(upstreamRequests()).toBe(before);
  });
});

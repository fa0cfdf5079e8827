import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../contract/error.schema.js';
import { eventListSchema } from '../../../contract/events.schema.js';
import type { FeedEvent } from '../../../contract/events.schema.js';
import { feedImageId } from '../../../server/feeds/feed-images.js';
import { fetchImage, ImageFetchError } from '../../../server/feeds/fetch-image.js';
import { isPublicAddress } from '../../../server/net/public-address.js';
import { FakeFeeds } from '../../fake-feeds/fake-feeds.js';
import { createTestApp, signIn } from '../helpers/app.js';

const now = new Date('2026-11-22T20:00:00.000Z');
const NEWS = '/api/integrations/pdxcampusgroups/news';
let fake: FakeFeeds;
let app: FastifyInstance;
let headers: { authorization: string };
let good: Buffer;

/** The fake's address under the one name the server may reach although it is this host. */
const hosted = (path: string) => fake.url(path).replace('127.0.0.1', 'localhost');

function newsFeed(items: [title: string, image: string][]) {
  const entries = items.map(
    ([title, image], i) => `<item>
      <title>${title}</title>
      <link>https://groups.campus.example.edu/news/${i}</link>
      <guid>news-${i}</guid>
      <pubDate>Fri, 20 Nov 2026 17:00:00 GMT</pubDate>
      <enclosure url="${image}" type="image/png" length="0"/>
    </item>`,
  );
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>News</title>${entries.join('')}</channel></rss>`;
}

beforeAll(async () => {
  fake = await FakeFeeds.start();
  good = await sharp({
    create: { width: 1000, height: 625, channels: 3, background: '#2f7d5b' },
  })
    .png()
    .toBuffer();
  fake.serve('good.png', good, 'image/png');
  fake.serve('truncated.png', good.subarray(0, Math.floor(good.length / 2)), 'image/png');
  fake.serve('big.png', Buffer.alloc(6 * 1024 * 1024, 1), 'image/png');
  fake.fail('streamed.png', { kind: 'stream', body: Buffer.alloc(6 * 1024 * 1024, 1) });
  fake.serve('page.png', '<!doctype html><title>Not an image</title>', 'text/html');
  fake.serve('secret.png', good, 'image/png');
  fake.fail('to-private.png', { kind: 'redirect', location: fake.url('secret.png') });
  fake.fail('hop1.png', { kind: 'redirect', location: hosted('hop2.png') });
  fake.fail('hop2.png', { kind: 'redirect', location: hosted('hop3.png') });
  fake.fail('hop3.png', { kind: 'redirect', location: hosted('moved.png') });
  fake.serve('moved.png', good, 'image/png');
  fake.fail('loop0.png', { kind: 'redirect', location: hosted('hop1.png') });
  fake.serve(
    'news.xml',
    newsFeed([
      ['Good picture', hosted('good.png')],
      ['Truncated picture', hosted('truncated.png')],
      ['Too big picture', hosted('big.png')],
      ['Streamed too big picture', hosted('streamed.png')],
      ['Web page', hosted('page.png')],
      ['Redirect to this host', hosted('to-private.png')],
      ['Three redirects', hosted('hop1.png')],
      ['Four redirects', hosted('loop0.png')],
      ['Private address', fake.url('secret.png')],
    ]),
  );
  const dir = mkdtempSync(join(tmpdir(), 'feed-images-'));
  const campus = join(dir, 'campus.json');
  writeFileSync(campus, JSON.stringify({ feeds: { campusGroupNews: fake.url('news.xml') } }));
  app = await createTestApp({
    clock: () => now,
    env: { CAMPUS_CONFIG: campus, FEED_TIMEOUT_MS: '4000', FEED_IMAGE_PRIVATE_HOSTS: 'localhost' },
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

const imageAt = (address: string, width?: number) =>
  app.inject({ url: width ? `${address}?w=${width}` : address });

describe('feed images are fetched by the server and served from the portal', () => {
  it('a good PNG is named by its portal address and served as WebP at 400 and 800 px wide', async () => {
    const item = (await news()).get('Good picture');
    expect(item?.image).toBe(`/api/feed-images/${feedImageId(hosted('good.png'))}`);
    for (const width of [400, 800]) {
      const response = await imageAt(item!.image!, width);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: (width * 625) / 1000 });
    }
    expect((await imageAt(item!.image!)).statusCode).toBe(200);
  });

  it('the image host is asked once however often the feed and the image are read', async () => {
    const item = (await news()).get('Good picture');
    await news();
    await imageAt(item!.image!, 400);
    await imageAt(item!.image!, 800);
    expect(fake.hits.get('good.png')).toBe(1);
  });

  it.each([
    ['Truncated picture', 'truncated.png'],
    ['Too big picture', 'big.png'],
    ['Streamed too big picture', 'streamed.png'],
    ['Web page', 'page.png'],
  ])('%s (%s) is refused: the item has no image and its id answers 404', async (title, path) => {
    const item = (await news()).get(title);
    expect(item).toBeDefined();
    expect(item!.image).toBeNull();
    const response = await imageAt(`/api/feed-images/${feedImageId(hosted(path))}`, 400);
    expect(response.statusCode).toBe(404);
    expect(errorSchema.parse(response.json())).toEqual({ detail: 'Not found.' });
    // Tried once when the feed was read; the 404 did not send the server back to the host.
    expect(fake.hits.get(path)).toBe(1);
  });

  it('no SSRF: a redirect to 127.0.0.1 and an image on 127.0.0.1 are never fetched', async () => {
    const items = await news();
    expect(items.get('Redirect to this host')?.image).toBeNull();
    expect(items.get('Private address')?.image).toBeNull();
    expect(fake.hits.get('to-private.png')).toBe(1);
    expect(fake.hits.get('secret.png')).toBeUndefined();
  });

  it('three redirects are followed, a fourth is refused', async () => {
    const items = await news();
    expect(items.get('Three redirects')?.image).toMatch(/^\/api\/feed-images\//);
    expect(items.get('Four redirects')?.image).toBeNull();
    expect(fake.hits.get('moved.png')).toBe(1);
  });

  it('never an open proxy: an id no feed item names answers 404 and fetches nothing', async () => {
    const before = fake.hits.get('secret.png');
    for (const id of [
      feedImageId(fake.url('secret.png')),
      feedImageId('http://169.254.169.254/latest/meta-data/'),
      'not-an-id',
      `${'a'.repeat(43)}`,
    ]) {
      const response = await imageAt(`/api/feed-images/${id}`, 400);
      expect(response.statusCode).toBe(404);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(fake.hits.get('secret.png')).toBe(before);
  });

  it('a width the portal does not make is refused with 400', async () => {
    const item = (await news()).get('Good picture');
    expect((await imageAt(item!.image!, 1200)).statusCode).toBe(400);
  });
});

describe('the image fetcher reaches public addresses only', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('a host name that resolves to this host is refused before any connection', async () => {
    const limits = {
      maxBytes: 1024,
      timeoutMs: 2_000,
      maxRedirects: 0,
      privateHosts: new Set<string>(),
    };
    const before = fake.hits.get('secret.png');
    const refused = fetchImage(hosted('secret.png'), limits);
    await expect(refused).rejects.toBeInstanceOf(ImageFetchError);
    await expect(refused).rejects.toThrow(/not a public address/);
    expect(fake.hits.get('secret.png')).toBe(before);
  });
});

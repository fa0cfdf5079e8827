import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventListSchema } from '../../../contract/events.schema.js';
import type { FeedEvent } from '../../../contract/events.schema.js';
import { feedImageId } from '../../../server/feeds/feed-images.js';
import { FakeFeeds } from '../../fake-feeds/fake-feeds.js';
import { createTestApp, signIn } from '../helpers/app.js';

/**
 * The feed documents of tests/fixtures/feeds, each served by a fake upstream and read through the
 * server's own routes, as the portal shows them.
 */
const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/feeds/${name}`, import.meta.url));

// Sunday, Nov 22, 2026, noon in Portland.
const now = new Date('2026-11-22T20:00:00.000Z');
const EVENTS = '/api/integrations/pdx/events';
const GROUPS = '/api/integrations/pdxcampusgroups/events';
const NEWS = '/api/integrations/pdxcampusgroups/news';

let fake: FakeFeeds;
let app: FastifyInstance;
let headers: { authorization: string };

const hosted = (path: string) => fake.url(path).replace('127.0.0.1', 'localhost');

beforeAll(async () => {
  fake = await FakeFeeds.start();
  const campus = fake.campusConfig();
  app = await createTestApp({
    clock: () => now,
    env: { CAMPUS_CONFIG: campus, FEED_TIMEOUT_MS: '4000', FEED_IMAGE_PRIVATE_HOSTS: 'localhost' },
  });
  headers = { authorization: `Token ${(await signIn(app, 'student')).token}` };
});
beforeEach(async () => {
  await app.cache.clear('feed:');
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

async function read(url: string): Promise<FeedEvent[]> {
  const response = await app.inject({ url, headers });
  expect(response.statusCode).toBe(200);
  return eventListSchema.parse(response.json());
}

describe('news feeds in another character set', () => {
  it('a Latin-1 feed whose HTTP header names the charset shows "Año nuevo"', async () => {
    fake.serve(
      'news.xml',
      fixture('news-latin1-header.xml'),
      'application/rss+xml; charset=ISO-8859-1',
    );
    const titles = (await read(NEWS)).map((e) => e.title);
    expect(titles).toEqual(['Año nuevo en el campus', 'Café y conversación']);
  });

  it('a Latin-1 feed whose XML declaration names the encoding shows "Año nuevo"', async () => {
    fake.serve('news.xml', fixture('news-latin1-declared.xml'), 'application/rss+xml');
    const titles = (await read(NEWS)).map((e) => e.title);
    expect(titles).toEqual(['Año nuevo en el campus', 'Café y conversación']);
  });
});

describe('Atom', () => {
  it('an entry with an XHTML title shows its text, the markup gone', async () => {
    fake.serve('news.xml', fixture('atom-xhtml-title.xml'), 'application/atom+xml');
    expect(await read(NEWS)).toEqual([
      expect.objectContaining({
        title: 'Robotics Club wins the regional final',
        link: 'https://groups.campus.example.edu/news/robotics',
        datetime_string: 'Fri, Nov 20, 2026',
      }),
    ]);
  });
});

describe('images by preference: media:content, media:thumbnail, enclosure, the first <img>', () => {
  it('each item shows the image it prefers, served by the portal', async () => {
    const png = await sharp({
      create: { width: 480, height: 300, channels: 3, background: '#1f4e79' },
    })
      .png()
      .toBuffer();
    for (const name of [
      'content-1',
      'thumbnail-1',
      'enclosure-1',
      'inline-1',
      'thumbnail-2',
      'enclosure-2',
      'inline-2',
      'enclosure-3',
      'inline-3',
      'inline-4',
      'second-4',
    ]) {
      fake.serve(`${name}.png`, png, 'image/png');
    }
    const host = hosted('').replace(/\/$/, '');
    fake.serve(
      'news.xml',
      fixture('news-images.xml').toString('utf8').replaceAll('IMAGE_HOST', host),
      'application/rss+xml',
    );
    const images = Object.fromEntries((await read(NEWS)).map((e) => [e.title, e.image]));
    const address = (name: string) => `/api/feed-images/${feedImageId(hosted(`${name}.png`))}`;
    expect(images).toEqual({
      'All four images': address('content-1'),
      'Thumbnail, enclosure and inline image': address('thumbnail-2'),
      'Enclosure and inline image': address('enclosure-3'),
      'Inline image only': address('inline-4'),
    });
    // Only the preferred image of each item was fetched.
    expect(
      ['thumbnail-1', 'enclosure-1', 'inline-1', 'second-4'].map((n) => fake.hits.get(`${n}.png`)),
    ).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('campus-group events', () => {
  beforeEach(() => {
    fake.serve('groups.xml', fixture('groups-other-prefix.xml'));
  });

  it('fields are found by namespace URI under any prefix (ev:, cg:, platform:)', async () => {
    const events = await read(GROUPS);
    expect(events.map((e) => [e.title, e.id, e.group])).toEqual([
      ['Board Game Night', '1001', 'Tabletop Club'],
      ['Hackathon Kickoff', '1002', 'Computer Science Club'],
    ]);
    expect(events[1]?.start).toBe('2026-12-01T17:00:00.000Z');
  });

  it('a start time without an offset is read as campus time (America/Los_Angeles)', async () => {
    const [games] = await read(GROUPS);
    expect(games).toMatchObject({
      start: '2026-11-26T02:00:00.000Z',
      end: '2026-11-26T05:00:00.000Z',
      datetime_string: 'Wed, Nov 25, 2026, 6:00 PM – 9:00 PM PST',
      locationType: 'in-person',
    });
  });
});

describe('university calendars', () => {
  it('a daily series begun in 2023 still shows its next occurrence', async () => {
    fake.serve('events.ics', fixture('google-calendar.ics'), 'text/calendar');
    const late = (await read(EVENTS)).find((e) => e.title === 'Library Late Hours');
    expect(late?.datetime_string).toBe('Sun, Nov 22, 2026, 8:00 PM – 11:00 PM PST');
  });

  it('a line folded inside a UTF-8 character reads whole ("Amélie")', async () => {
    fake.serve('events.ics', fixture('google-calendar.ics'), 'text/calendar');
    const titles = (await read(EVENTS)).map((e) => e.title);
    expect(titles).toContain('Guest Talk: Amélie Dupont on Urban Forests');
  });

  it('Outlook\'s "TZID:Eastern Standard Time" is New York time', async () => {
    fake.serve('events.ics', fixture('outlook-windows-zones.ics'), 'text/calendar');
    const board = (await read(EVENTS)).find((e) => e.title === 'Board of Trustees Meeting');
    expect(board).toMatchObject({
      start: '2026-12-02T18:00:00.000Z',
      datetime_string: 'Wed, Dec 2, 2026, 10:00 AM – 11:00 AM PST',
    });
  });

  it('a RECURRENCE-ID override with RANGE=THISANDFUTURE moves the later occurrences too, with its own title', async () => {
    fake.serve('events.ics', fixture('recurrence-thisandfuture.ics'), 'text/calendar');
    const seminars = (await read(EVENTS)).filter((e) => e.title.startsWith('Thursday Seminar'));
    expect(seminars.map((e) => [e.title, e.datetime_string])).toEqual([
      ['Thursday Seminar (new time)', 'Thu, Nov 26, 2026, 5:00 PM – 6:00 PM PST'],
    ]);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../contract/error.schema.js';
import { eventListSchema } from '../../../contract/events.schema.js';
import { campusGroupsEventsSample } from '../../../server/feeds/samples/campus-groups-events.js';
import { campusGroupsNewsSample } from '../../../server/feeds/samples/campus-groups-news.js';
import { universityEventsSample } from '../../../server/feeds/samples/events-university.js';
import { sampleClock } from '../../../server/feeds/samples/sample-clock.js';
import { FakeFeeds } from '../../fake-feeds/fake-feeds.js';
import { createTestApp, signIn } from '../helpers/app.js';

let now = new Date('2026-11-22T20:00:00.000Z');
let fake: FakeFeeds;
let app: FastifyInstance;
let headers: { authorization: string };

const EVENTS = '/api/integrations/pdx/events';
const GROUPS = '/api/integrations/pdxcampusgroups/events';
const NEWS = '/api/integrations/pdxcampusgroups/news';

beforeAll(async () => {
  fake = await FakeFeeds.start();
  const clock = sampleClock(now, 'America/Los_Angeles');
  fake.serve('events.ics', universityEventsSample(clock), 'text/calendar');
  fake.serve('groups.xml', campusGroupsEventsSample(clock));
  fake.serve('news.xml', campusGroupsNewsSample(clock));
  const campus = fake.campusConfig();
  // Short enough that a hanging feed fails well within the test's 3 s, long enough that the first,
  // cold read of a real feed does not time out on a busy machine.
  app = await createTestApp({
    clock: () => now,
    env: { CAMPUS_CONFIG: campus, FEED_TIMEOUT_MS: '1000' },
  });
  headers = { authorization: `Token ${(await signIn(app, 'student')).token}` };
});
afterEach(async () => {
  fake.heal();
  await app.cache.clear('feed:');
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const get = (url: string) => app.inject({ url, headers });

async function expectFailure(url: string, component: string) {
  const response = await get(url);
  expect(response.statusCode).toBe(500);
  expect(errorSchema.parse(response.json())).toEqual({
    detail: 'The feed could not be read.',
    component,
  });
}

describe('feed faults through a fake upstream', () => {
  it('reads the configured feeds from the upstream', async () => {
    const response = await get(EVENTS);
    expect(response.statusCode).toBe(200);
    expect(eventListSchema.parse(response.json())).toHaveLength(12);
    expect(fake.hits.get('events.ics')).toBeGreaterThan(0);
  });

  it('a feed that does not answer in time answers 500 {detail, component}', async () => {
    fake.fail('events.ics', { kind: 'hang' });
    const started = Date.now();
    await expectFailure(EVENTS, 'pdx-events');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a feed answering HTTP 500 answers 500 {detail, component}', async () => {
    fake.fail('groups.xml', { kind: 'status', status: 500 });
    await expectFailure(GROUPS, 'campus-groups-events');
  });

  it('invalid XML answers 500 {detail, component}', async () => {
    fake.fail('news.xml', { kind: 'invalid', body: '<rss><channel><item><title>Broken' });
    await expectFailure(NEWS, 'campus-groups-news');
  });

  it('a failing feed never affects the other feeds', async () => {
    fake.fail('events.ics', { kind: 'status', status: 503 });
    await expectFailure(EVENTS, 'pdx-events');
    expect((await get(GROUPS)).statusCode).toBe(200);
    expect((await get(NEWS)).statusCode).toBe(200);
  });

  it('when a feed fails after a good read, the copy of the last 24 hours answers (stale)', async () => {
    const good = await get(GROUPS);
    expect(good.headers['x-cache']).toBe('miss');
    now = new Date(now.getTime() + 10 * 60_000);
    fake.fail('groups.xml', { kind: 'status', status: 500 });
    const stale = await get(GROUPS);
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['x-cache']).toBe('stale');
    expect(eventListSchema.parse(stale.json()).length).toBeGreaterThan(0);
  });

  it('everyone shares one fetch of a feed while it is fresh (5 minutes)', async () => {
    const before = fake.hits.get('news.xml') ?? 0;
    await get(NEWS);
    await get(NEWS);
    await get(NEWS);
    expect((fake.hits.get('news.xml') ?? 0) - before).toBe(1);
  });
});

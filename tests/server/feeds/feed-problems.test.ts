import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readySchema } from '../../../contract/status.schema.js';
import { FakeFeeds } from '../../fake-feeds/fake-feeds.js';
import { FeedProblems } from '../../../server/feeds/feed-problems.js';
import { reportFeedProblems } from '../../../server/startup-report.js';
import { createTestApp, signIn } from '../helpers/app.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/feeds/${name}`, import.meta.url));

const now = new Date('2026-11-22T20:00:00.000Z');
const GROUPS = '/api/integrations/pdxcampusgroups/events';

let fake: FakeFeeds;
let app: FastifyInstance;

beforeAll(async () => {
  fake = await FakeFeeds.start();
  app = await createTestApp({ clock: () => now, env: { CAMPUS_CONFIG: fake.campusConfig() } });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

describe('a campus-group feed whose items carry no field of the configured namespace', () => {
  it('is reported on /readyz’s details and to staff in the admin, and the report clears once the feed carries the fields', async () => {
    fake.serve('groups.xml', fixture('groups-wrong-namespace.xml'));
    const { token } = await signIn(app, 'student');
    const groups = await app.inject({ url: GROUPS, headers: { authorization: `Token ${token}` } });
    expect(groups.statusCode).toBe(200);
    expect(groups.json()).toEqual([]);

    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    const feeds = readySchema.parse(ready.json()).feeds ?? [];
    expect(feeds.map((f) => f.feed)).toEqual(['campus-groups-events']);
    expect(feeds[0]?.problem).toMatch(/^2 items, none with a field of namespace /);

    const { cookie } = await signIn(app, 'staff');
    const admin = await app.inject({
      url: '/admin',
      headers: { accept: 'text/html', cookie },
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('A feed needs attention');
    expect(admin.body).toMatch(
      /campus-groups-events<\/strong>: 2 items, none with a field of namespace/,
    );

    fake.serve('groups.xml', fixture('groups-other-prefix.xml'));
    await app.cache.clear('feed:');
    await app.inject({ url: GROUPS, headers: { authorization: `Token ${token}` } });
    expect(readySchema.parse((await app.inject({ url: '/readyz' })).json()).feeds).toBeUndefined();
  });
});

describe("the start-up report's line for a feed problem", () => {
  it('is written once, when the first read of the group feed finds no field of its namespace, not before', async () => {
    fake.serve('groups.xml', fixture('groups-wrong-namespace.xml'));
    const own = await createTestApp({
      clock: () => now,
      env: { CAMPUS_CONFIG: fake.campusConfig() },
    });
    try {
      const lines: string[] = [];
      reportFeedProblems(own.feedProblems, (line) => lines.push(line));
      expect(lines).toEqual([]);
      const { token } = await signIn(own, 'student');
      const read = () => own.inject({ url: GROUPS, headers: { authorization: `Token ${token}` } });
      expect((await read()).statusCode).toBe(200);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^WARNING: feed campus-groups-events: its first read found 2 items, none with a field of namespace .+\. Check campusGroups\.namespace and campusGroups\.fields in CAMPUS_CONFIG/,
      );
      await own.cache.clear('feed:');
      await read();
      expect(lines).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('says nothing for a feed whose first read was clean: a later problem goes to the log, /readyz and the admin', () => {
    const problems = new FeedProblems();
    const lines: string[] = [];
    reportFeedProblems(problems, (line) => lines.push(line));
    expect(problems.record('campus-groups-news', [], now)).toBe(false);
    expect(problems.record('campus-groups-news', ['the document gave no items'], now)).toBe(true);
    expect(lines).toEqual([]);
    expect(problems.record('university-events', ['the document gave no items'], now)).toBe(true);
    expect(lines).toEqual([
      'WARNING: feed university-events: its first read found the document gave no items. Shown on /readyz and to staff in the admin until a read finds it fixed.',
    ]);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../../contract/error.schema.js';
import { eventListSchema } from '../../../../contract/events.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';

const now = new Date('2026-11-22T20:00:00.000Z');
let app: FastifyInstance;
let headers: { authorization: string };

beforeAll(async () => {
  app = await createTestApp({ clock: () => now });
  headers = { authorization: `Token ${(await signIn(app, 'student')).token}` };
});
afterAll(async () => app.close());

const read = async (url: string) => {
  const response = await app.inject({ url, headers });
  expect(response.statusCode).toBe(200);
  return eventListSchema.parse(response.json());
};

describe('the events and news feeds from the bundled samples', () => {
  it('university events: the first 12 upcoming are kept, soonest first', async () => {
    const events = await read('/api/integrations/pdx/events');
    expect(events).toHaveLength(12);
    const starts = events.map((e) => e.start ?? '');
    expect([...starts].sort()).toEqual(starts);
    expect(events.every((e) => new Date(e.end ?? e.start ?? 0) > now)).toBe(true);
  });

  it('campus-group events show only privacy levels 0 and 1, only upcoming, at most 12', async () => {
    const events = await read('/api/integrations/pdxcampusgroups/events');
    expect(events).toHaveLength(12);
    expect(events.every((e) => e.privacyLevel === 0 || e.privacyLevel === 1)).toBe(true);
    expect(events.map((e) => e.title)).not.toContain('Trivia Night (last week)');
    expect(events.map((e) => e.title)).not.toContain('Time to be announced');
  });

  it('campus-group news: the first 12 are kept in feed order', async () => {
    const news = await read('/api/integrations/pdxcampusgroups/news');
    expect(news).toHaveLength(12);
    expect(news[0]?.title).toBe('Robotics Club Wins Regional Championship');
  });

  it('no item carries markup or a non-http link', async () => {
    for (const path of ['pdx/events', 'pdxcampusgroups/events', 'pdxcampusgroups/news']) {
      for (const item of await read(`/api/integrations/${path}`)) {
        expect(item.title).not.toMatch(/[<>]/);
        if (item.link) expect(item.link).toMatch(/^https?:\/\//);
      }
    }
  });

  it('answers 401 {detail} without a token', async () => {
    const response = await app.inject({ url: '/api/integrations/pdx/events' });
    expect(response.statusCode).toBe(401);
    expect(errorSchema.parse(response.json()).detail).toBeTruthy();
  });
});

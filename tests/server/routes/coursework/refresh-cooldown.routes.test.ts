import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseworkSchema } from '../../../../contract/coursework.schema.js';
import { FakeLms } from '../../../fake-feeds/fake-lms.js';
import { createTestApp, signIn } from '../../helpers/app.js';

const feed = readFileSync(
  new URL('../../../fixtures/feeds/canvas-user.ics', import.meta.url),
  'utf8',
);
const PATH = '/feeds/calendars/user_Cooldown7Hq2LmZx9PcVb4NwRt8KjYs3.ics';

let now = new Date('2026-10-25T12:00:00.000Z');
let lms: FakeLms;
let app: FastifyInstance;

beforeAll(async () => {
  lms = await FakeLms.start();
  const dir = mkdtempSync(join(tmpdir(), 'portal-cooldown-'));
  const campusFile = join(dir, 'campus.json');
  writeFileSync(campusFile, JSON.stringify({ lms: { calendarHosts: [lms.host] } }));
  app = await createTestApp({
    clock: () => now,
    env: { CAMPUS_CONFIG: campusFile, FEED_TIMEOUT_MS: '1500' },
    coursework: { ca: lms.cert, random: () => 0.5 },
  });
});
afterAll(async () => {
  await app.close();
  await lms.close();
});

const reads = () => lms.requests.filter((r) => r.path === PATH).length;

describe('Refresh now reads the campus LMS at most once a minute per student', () => {
  it('200 refreshes at once make at most one reading of the LMS, and each answer says when the next can', async () => {
    const { token } = await signIn(app, 'student');
    const headers = { authorization: `Token ${token}` };
    const address = lms.serve(PATH, { kind: 'calendar', body: feed });
    const added = await app.inject({
      method: 'PUT',
      url: '/api/coursework/feed',
      headers,
      payload: { address },
    });
    expect(added.statusCode).toBe(200);
    // Adding reads it once; no refresh was asked yet, so one can read now.
    expect(courseworkSchema.parse(added.json()).feed).toMatchObject({ refresh_after: null });
    const before = reads();

    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        app.inject({ method: 'POST', url: '/api/coursework/refresh', headers }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(reads() - before).toBeLessThanOrEqual(1);
    expect(reads() - before).toBe(1);
    for (const answer of answers) {
      expect(courseworkSchema.parse(answer.json()).feed).toMatchObject({
        refresh_after: '2026-10-25T12:01:00.000Z',
      });
    }

    // 59 seconds on: still nothing read; a minute on, the next refresh reads.
    now = new Date('2026-10-25T12:00:59.000Z');
    await app.inject({ method: 'POST', url: '/api/coursework/refresh', headers });
    expect(reads() - before).toBe(1);
    now = new Date('2026-10-25T12:01:00.000Z');
    const next = await app.inject({ method: 'POST', url: '/api/coursework/refresh', headers });
    expect(reads() - before).toBe(2);
    expect(courseworkSchema.parse(next.json()).feed).toMatchObject({
      refresh_after: '2026-10-25T12:02:00.000Z',
    });
    // Read as the page loads, the feed still says when.
    const read = await app.inject({ url: '/api/coursework', headers });
    expect(courseworkSchema.parse(read.json()).feed).toMatchObject({
      refresh_after: '2026-10-25T12:02:00.000Z',
    });
  });

  it('the cooldown is each student own: another student refreshes at once', async () => {
    const { token } = await signIn(app, 'new-student');
    const headers = { authorization: `Token ${token}` };
    const path = '/feeds/calendars/user_Other9PcVb4NwRt8KjYs3DfGa6UeIo1.ics';
    const address = lms.serve(path, { kind: 'calendar', body: feed });
    await app.inject({ method: 'PUT', url: '/api/coursework/feed', headers, payload: { address } });
    const before = lms.requests.filter((r) => r.path === path).length;
    await app.inject({ method: 'POST', url: '/api/coursework/refresh', headers });
    expect(lms.requests.filter((r) => r.path === path).length - before).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import {
  EARLY_READ_MS,
  startEarlyRead,
  takeEarlyRead,
} from '../../../../src/pages/portal/dashboard/early-read.js';
import { fakeHttp } from '../../../api/fake-fetch.js';
import type { EarlyRead } from '../../../../src/pages/portal/dashboard/early-read.js';

const startedAt = (at: number): EarlyRead => ({
  at,
  answer: Promise.resolve(null),
  taken: false,
});

describe("the dashboard's early read", () => {
  it('is taken once: a retry reads anew', () => {
    const read = startedAt(1_000);
    expect(takeEarlyRead(read, 1_500)).toBe(read.answer);
    expect(takeEarlyRead(read, 1_600)).toBeNull();
  });

  it('is not taken once it is five seconds old: the page did not render in time', () => {
    expect(takeEarlyRead(startedAt(1_000), 1_000 + EARLY_READ_MS - 1)).not.toBeNull();
    expect(takeEarlyRead(startedAt(1_000), 1_000 + EARLY_READ_MS)).toBeNull();
  });

  it('is nothing to take when the loader started none (a staff preview)', () => {
    expect(takeEarlyRead(null, 0)).toBeNull();
  });
});

describe("the dashboard's blocks' reads", () => {
  const paths = (seen: { url: string }[]) =>
    seen.map(({ url }) => url.replace('http://portal.test/api/', '')).sort();

  it("start with the early read, in one wave: a student's card, hold line, term and tasks too", async () => {
    const { http, seen } = fakeHttp([]);
    await startEarlyRead(http, '/', 0, true).answer.catch(() => null);
    expect(paths(seen)).toEqual([
      'integrations/finti/current-term',
      'integrations/finti/curriculum-info',
      'integrations/finti/holds',
      'integrations/finti/standing',
      'integrations/mynextsteps/tasks',
      'integrations/pdx/events',
      'integrations/rave-messages',
      'pages?path=%2F',
      'posts?post_type=blog',
    ]);
    // The block that reads the holds later takes the answer already asked for.
    await http.get('integrations/finti/holds').json();
    expect(seen).toHaveLength(9);
  });

  it('start without the student reads for someone who is not a student', async () => {
    const { http, seen } = fakeHttp([]);
    await startEarlyRead(http, '/', 0, false).answer.catch(() => null);
    expect(paths(seen)).toEqual([
      'integrations/pdx/events',
      'integrations/rave-messages',
      'pages?path=%2F',
      'posts?post_type=blog',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { firstReadsFor } from '../../../../src/api/first-reads.js';
import { takeEarlyRead } from '../../../../src/lib/early-read.js';
import { startDashboardReads } from '../../../../src/pages/portal/dashboard/early-read.js';
import { fakeHttp } from '../../../api/fake-fetch.js';

const paths = (seen: { url: string }[]) =>
  seen.map(({ url }) => url.replace('http://portal.test/api/', '')).sort();

describe("the dashboard's reads, started by its route's loader", () => {
  it("are the content's and every block's, in one wave: a student's card, hold summary, term and tasks too", () => {
    const { http, seen } = fakeHttp([]);
    startDashboardReads(http, firstReadsFor(http), true, 0);
    return expect
      .poll(() => paths(seen))
      .toEqual([
        'integrations/finti/current-term',
        'integrations/finti/curriculum-info',
        'integrations/finti/holds',
        'integrations/finti/standing',
        'integrations/mynextsteps/tasks',
        'integrations/pdx/events',
        'pages?path=%2F',
        'posts?post_type=blog',
      ]);
  });

  it('are without the student reads for someone who is not a student', async () => {
    const { http, seen } = fakeHttp([]);
    const reads = startDashboardReads(http, firstReadsFor(http), false, 0);
    expect(reads.student).toBeNull();
    await expect
      .poll(() => paths(seen))
      .toEqual(['integrations/pdx/events', 'pages?path=%2F', 'posts?post_type=blog']);
  });

  it('take the holds the banner asked for first, instead of asking again', async () => {
    const { http, seen } = fakeHttp([]);
    const firstReads = firstReadsFor(http);
    const banner = firstReads.holds();
    const reads = startDashboardReads(http, firstReads, true);
    await banner;
    expect(await takeEarlyRead(reads.student?.holds)).toEqual([]);
    expect(paths(seen).filter((path) => path.endsWith('holds'))).toEqual([
      'integrations/finti/holds',
    ]);
  });

  it('are parsed with their contract schemas: a block takes a refused answer as its failure', async () => {
    const { http } = fakeHttp({ not: 'a list' });
    const reads = startDashboardReads(http, firstReadsFor(http), true);
    await expect(takeEarlyRead(reads.news)).rejects.toThrow();
    await expect(takeEarlyRead(reads.student?.tasks)).rejects.toThrow();
  });
});

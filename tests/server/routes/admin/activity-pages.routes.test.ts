import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.js';
import { adminAs } from './admin-client.js';

/**
 * Issues 71 and 87: the admin's first page cannot grow without limit. After a fuzz, `/admin` printed every
 * changed field of 200 entries in full (2.30 MB, 8.4 s). The activity is paged by a keyset cursor, each value cut on it,
 * and the full values are one link away.
 */
describe('/admin: the activity in pages, its values cut, each entry in full one link away', () => {
  let app: FastifyInstance;
  let staff: Awaited<ReturnType<typeof adminAs>>;
  const big = (i: number, side: string) => `${side}${i}:`.padEnd(50_000, 'x');

  beforeAll(async () => {
    app = await createTestApp();
    const at = new Date('2026-11-27T12:00:00.000Z');
    for (let i = 1; i <= 200; i += 1) {
      await app.repositories.audit.record({
        at,
        userId: null,
        username: 'fuzzer',
        action: 'admin.fuzz',
        detail: { note: big(i, 'note') },
        address: null,
        kind: 'fuzz',
        objectId: `fz${i}`,
        changes: { body: { before: big(i, 'before'), after: big(i, 'after') } },
      });
    }
    staff = await adminAs(app, 'staff');
  }, 120_000);
  afterAll(async () => app.close());

  const rowsOf = (body: string) => [...body.matchAll(/<tr>/g)].length - 1;
  /** The page's Older entries link, unescaped; undefined on the last page. */
  const olderOf = (body: string) =>
    /href="([^"]+)" rel="next">Older entries/.exec(body)?.[1]?.replace(/&amp;/g, '&');

  it('shows the first page only: 25 entries, every value cut to 120 characters, under 100 KB', async () => {
    const page = await staff.get('/admin?kind=fuzz');
    expect(page.statusCode).toBe(200);
    expect(page.body.length).toBeLessThan(100_000);
    expect(rowsOf(page.body)).toBe(25);
    expect(page.body).toContain('Newest first (25)');
    // The newest entry is there, cut; the 25th newest too, and not the 26th.
    expect(page.body).toContain('fuzz fz200');
    expect(page.body).toContain('fuzz fz176');
    expect(page.body).not.toContain('fuzz fz175<');
    // JSON's quote, 10 characters, 108 x's and the ellipsis: 120 characters (the quote escaped).
    const cut = `&quot;before200:${'x'.repeat(108)}…`;
    expect(page.body).toContain(cut);
    expect(page.body).not.toContain(big(200, 'before'));
    expect(olderOf(page.body)).toMatch(/^\/admin\?kind=fuzz&before=\d+$/);
    expect(page.body).not.toContain('Newest entries');
  });

  it('the Older entries links walk to the end: every entry once, none left out, in order', async () => {
    const seen: string[] = [];
    let href: string | undefined = '/admin?kind=fuzz';
    let pages = 0;
    while (href) {
      const page = await staff.get(href);
      expect(page.statusCode).toBe(200);
      pages += 1;
      seen.push(...[...page.body.matchAll(/fuzz (fz\d+)</g)].map((m) => m[1] ?? ''));
      if (pages > 1) expect(page.body).toContain('href="/admin?kind=fuzz">Newest entries');
      href = olderOf(page.body);
    }
    expect(pages).toBe(8);
    expect(seen).toEqual(Array.from({ length: 200 }, (_, i) => `fz${200 - i}`));
  });

  it('a page drawn after new entries arrived still starts where the link said', async () => {
    const first = await staff.get('/admin?kind=fuzz');
    const older = olderOf(first.body) ?? '';
    await app.repositories.audit.record({
      at: new Date('2026-11-28T12:00:00.000Z'),
      userId: null,
      username: 'fuzzer',
      action: 'admin.fuzz',
      detail: {},
      address: null,
      kind: 'fuzz',
      objectId: 'late',
    });
    const second = await staff.get(older);
    expect(second.body).toContain('fuzz fz175<');
    expect(second.body).not.toContain('fuzz fz176<');
  });

  it('past the oldest entry: nothing older, and a link to the newest', async () => {
    const past = await staff.get('/admin?kind=fuzz&before=1');
    expect(past.statusCode).toBe(200);
    expect(past.body).toContain('Nothing older recorded');
    expect(past.body).toContain('href="/admin?kind=fuzz">The newest entries');
  });

  it('each cut entry links to its page, which shows every value in full', async () => {
    const page = await staff.get('/admin?kind=fuzz');
    const href = /href="(\/admin\/activity\/\d+)"/.exec(page.body)?.[1];
    expect(href).toBeDefined();
    const entry = await staff.get(href ?? '');
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toContain(big(200, 'before'));
    expect(entry.body).toContain(big(200, 'after'));
    expect(entry.body).toContain(big(200, 'note'));
    expect((await staff.get('/admin/activity/999999')).statusCode).toBe(404);
    expect((await staff.get('/admin/activity/abc')).statusCode).toBe(400);
  });

  it.each(['0', '-1', 'abc', '1e2', '2.5', '', '2147483648', '99999999999', 'MjA='])(
    'refuses before=%s with 400 and says what to do, never a 5xx',
    async (bad) => {
      const answer = await staff.get(`/admin?before=${bad}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain('Not a place in the activity: open the newest page.');
    },
  );
});

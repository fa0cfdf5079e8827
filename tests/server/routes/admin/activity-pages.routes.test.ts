import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.js';
import { adminAs } from './admin-client.js';

/**
 * Issue 71: the admin's first page cannot grow without limit. After a fuzz, `/admin` printed every
 * changed field of 200 entries in full (2.30 MB, 8.4 s). The activity is paged, each value cut on it,
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

  it('shows the first page only: 25 entries, every value cut to 120 characters, under 100 KB', async () => {
    const page = await staff.get('/admin?kind=fuzz');
    expect(page.statusCode).toBe(200);
    expect(page.body.length).toBeLessThan(100_000);
    expect(rowsOf(page.body)).toBe(25);
    expect(page.body).toContain('Newest first, page 1 (25)');
    // The newest entry is there, cut; the 25th newest too, and not the 26th.
    expect(page.body).toContain('fuzz fz200');
    expect(page.body).toContain('fuzz fz176');
    expect(page.body).not.toContain('fuzz fz175<');
    // JSON's quote, 10 characters, 108 x's and the ellipsis: 120 characters (the quote escaped).
    const cut = `&quot;before200:${'x'.repeat(108)}…`;
    expect(page.body).toContain(cut);
    expect(page.body).not.toContain(big(200, 'before'));
    expect(page.body).toContain('href="/admin?kind=fuzz&amp;page=2"');
    expect(page.body).not.toContain('rel="prev"');
  });

  it('the Older link opens the next page, with a Newer link back', async () => {
    const second = await staff.get('/admin?kind=fuzz&page=2');
    expect(second.statusCode).toBe(200);
    expect(rowsOf(second.body)).toBe(25);
    expect(second.body).toContain('fuzz fz175');
    expect(second.body).not.toContain('fuzz fz176<');
    expect(second.body).toContain('href="/admin?kind=fuzz" rel="prev"');
    expect(second.body).toContain('href="/admin?kind=fuzz&amp;page=3" rel="next"');
    // The last page has no Older link; a page past it says so and links to the newest.
    const last = await staff.get('/admin?kind=fuzz&page=8');
    expect(rowsOf(last.body)).toBe(25);
    expect(last.body).not.toContain('rel="next"');
    const past = await staff.get('/admin?kind=fuzz&page=9');
    expect(past.statusCode).toBe(200);
    expect(past.body).toContain('Nothing recorded on page 9');
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

  it.each(['0', '-1', 'abc', '1e2', '401', '2.5', ''])('refuses page=%s with 400', async (bad) => {
    const answer = await staff.get(`/admin?page=${bad}`);
    expect(answer.statusCode).toBe(400);
  });
});

import { describe, expect, it } from 'vitest';
import { FIRST_ANSWERS_ID } from '../../contract/first-answers.rules.js';
import { KEEP_SESSION_HEADER, KEEP_UNTIL_HEADER } from '../../contract/offline.rules.js';
import { carriedAnswers, keepCarried } from '../../worker/first-answers.js';
import { KEPT_CACHE, PUBLIC_CACHE, keepable } from '../../worker/kept-answers.js';
import { memoryCaches } from './memory-caches.js';

const ORIGIN = 'https://portal.example.edu';
/** A portal page's address: its carried answers are the portal API's. */
const PORTAL_PAGE = new URL('/academics', ORIGIN);
const now = new Date('2026-11-25T17:41:00Z');
const inHalfAnHour = new Date(now.getTime() + 30 * 60_000).toISOString();
/** The marker of the session the pages are read in (x-keep-session). */
const SESSION = 'session-a-marker';
const user = (username: string) => ({
  username,
  is_authenticated: true,
  auth_token: `token-of-${username}`,
});
const term = { term: '202604', description: 'Fall 2026' };

/** A person's page as the server answers it: the block before the end of its head. */
function page(answers: Record<string, unknown> | string, until: string | null = inHalfAnHour) {
  const json = typeof answers === 'string' ? answers : JSON.stringify(answers);
  const html = `<!doctype html><html><head><script type="application/json" id="${FIRST_ANSWERS_ID}">${json}</script></head><body></body></html>`;
  const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
  if (until !== null) headers.set(KEEP_UNTIL_HEADER, until);
  headers.set(KEEP_SESSION_HEADER, SESSION);
  return new Response(html, { headers });
}

async function kept(caches: CacheStorage, name: string, path: string) {
  if (!(await caches.has(name))) return undefined;
  return (await (await caches.open(name)).match(path))?.text();
}

describe('the answers a page carried are kept as if the app had read them (issue 63)', () => {
  it("a person's page: their user (token blanked), status and first reads are kept for offline, and not the page", async () => {
    const caches = memoryCaches();
    const carried = {
      status: { status: 'ok', integrations: 'available' },
      'integrations/finti/current-term': term,
      'users/user': user('ana'),
    };
    await keepCarried(caches, page(carried), PORTAL_PAGE, now);
    expect(JSON.parse((await kept(caches, KEPT_CACHE, '/api/users/user')) ?? '')).toEqual({
      ...user('ana'),
      auth_token: '',
    });
    expect(await kept(caches, KEPT_CACHE, '/api/integrations/finti/current-term')).toBe(
      JSON.stringify(term),
    );
    expect(await kept(caches, PUBLIC_CACHE, '/api/status')).toContain('"ok"');
    const keys = await (await caches.open(KEPT_CACHE)).keys();
    expect(keys.map((key) => new URL(key.url).pathname)).not.toContain('/');
    // The person's next reads from the network are kept too: the page named the owner.
    const alerts = new Response('[]', {
      headers: { [KEEP_UNTIL_HEADER]: inHalfAnHour, [KEEP_SESSION_HEADER]: SESSION },
    });
    const url = new URL('/api/integrations/rave-messages', ORIGIN);
    expect(await keepable(caches, url, alerts, now)).not.toBeNull();
  });

  it("a Next Steps page: its user (token blanked), tasks and categories are kept under Next Steps' API, and the user is the owner", async () => {
    const caches = memoryCaches();
    const tasks = [{ id: 7, task: { id: 3, title: 'Pay tuition' } }];
    const categories = [{ id: 1, slug: 'fun', name: 'Fun' }];
    const carried = {
      'user_task/?published=True': tasks,
      'category/': categories,
      'user/': [user('ana')],
    };
    await keepCarried(caches, page(carried), new URL('/next-steps/', ORIGIN), now);
    expect(JSON.parse((await kept(caches, KEPT_CACHE, '/next-steps/api/user/')) ?? '')).toEqual([
      { ...user('ana'), auth_token: '' },
    ]);
    expect(await kept(caches, KEPT_CACHE, '/next-steps/api/user_task/?published=True')).toBe(
      JSON.stringify(tasks),
    );
    expect(await kept(caches, KEPT_CACHE, '/next-steps/api/category/')).toBe(
      JSON.stringify(categories),
    );
    // Nothing under the portal's API, where these addresses mean nothing.
    expect(await kept(caches, KEPT_CACHE, '/api/user/')).toBeUndefined();
    // Another person's Next Steps page forgets the last person's list first.
    await keepCarried(
      caches,
      page({ 'user/': [user('ben')] }),
      new URL('/next-steps/', ORIGIN),
      now,
    );
    expect(
      await kept(caches, KEPT_CACHE, '/next-steps/api/user_task/?published=True'),
    ).toBeUndefined();
  });

  it("another person's page first forgets everything kept of the last person", async () => {
    const caches = memoryCaches();
    await keepCarried(
      caches,
      page({ 'users/user': user('ana'), 'integrations/finti/holds': [] }),
      PORTAL_PAGE,
      now,
    );
    await keepCarried(caches, page({ 'users/user': user('ben') }), PORTAL_PAGE, now);
    expect(await kept(caches, KEPT_CACHE, '/api/integrations/finti/holds')).toBeUndefined();
    expect(await kept(caches, KEPT_CACHE, '/api/users/user')).toContain('"ben"');
  });

  it('shared computer: a page of a session signed in as on a shared computer keeps nothing, and what was kept goes (issue 56)', async () => {
    const caches = memoryCaches();
    await keepCarried(caches, page({ 'users/user': user('ana') }), PORTAL_PAGE, now);
    await keepCarried(
      caches,
      page({ 'users/user': user('ana'), 'integrations/finti/holds': [] }, 'nothing'),
      PORTAL_PAGE,
      now,
    );
    expect(await kept(caches, KEPT_CACHE, '/api/users/user')).toBeUndefined();
    expect(await kept(caches, KEPT_CACHE, '/api/integrations/finti/holds')).toBeUndefined();
  });

  it('a page that carries nothing, or no JSON, or a failed page, keeps nothing', async () => {
    const caches = memoryCaches();
    const signedOut = new Response('<!doctype html><html><head></head></html>', {
      headers: { 'content-type': 'text/html' },
    });
    await keepCarried(caches, signedOut, PORTAL_PAGE, now);
    await keepCarried(caches, page('{not json'), PORTAL_PAGE, now);
    const failed = new Response(page({ 'users/user': user('ana') }).body, {
      status: 500,
      headers: { 'content-type': 'text/html' },
    });
    await keepCarried(caches, failed, PORTAL_PAGE, now);
    expect(await caches.keys()).toEqual([]);
    expect(carriedAnswers('<p>no block</p>')).toEqual([]);
  });

  it('the user call is kept first, whatever order the page wrote them in, so the reads are the owner’s', () => {
    const html = `<script type="application/json" id="${FIRST_ANSWERS_ID}">${JSON.stringify({
      status: {},
      'integrations/finti/holds': [],
      'users/user': user('ana'),
    })}</script>`;
    expect(carriedAnswers(html).map(([path]) => path)[0]).toBe('users/user');
  });
});

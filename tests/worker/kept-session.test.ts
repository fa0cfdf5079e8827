import { describe, expect, it, vi } from 'vitest';
import { KEEP_SESSION_HEADER, KEEP_UNTIL_HEADER } from '../../contract/offline.rules.js';
import {
  KEPT_CACHE,
  afterAnswer,
  afterAnyAnswer,
  forgetEndedSession,
  keepable,
  usableKept,
} from '../../worker/kept-answers.js';
import { SESSION_CACHE } from '../../worker/kept-session.js';
import { memoryCaches } from './memory-caches.js';

/**
 * Issue 71: a session the server ends early (revoked, signed out elsewhere, a shorter idle limit)
 * leaves nothing readable offline: the first answer that says so drops every kept answer, and no
 * answer kept in that session is shown again, even one put after, and after the worker restarts.
 */
const at = (path: string) => new URL(path, 'https://portal.example.edu');
const now = new Date('2026-11-25T17:41:00Z');
const later = new Date(now.getTime() + 60_000);
const inHalfAnHour = new Date(now.getTime() + 30 * 60_000).toISOString();
const SESSION_A = 'session-a-marker';
const SESSION_B = 'session-b-marker';
const KEPT_PATHS = ['/api/users/user', '/api/psu_user_profile', '/api/integrations/finti/holds'];

/** A signed-in answer of `session` (or a refusal with no session, as the server answers it). */
function answer(body: unknown, session: string | null, status = 200, extra = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...extra };
  if (session !== null) {
    headers[KEEP_UNTIL_HEADER] = inHalfAnHour;
    headers[KEEP_SESSION_HEADER] = session;
  }
  return new Response(JSON.stringify(body), { status, headers });
}
const person = (username: string, session: string) =>
  answer({ username, is_authenticated: true, auth_token: 't', name: 'Ada Lovelace' }, session);
const profile = (session: string) => answer({ name: 'Ada Lovelace', id: '900123456' }, session);

/** As the worker's network-first strategy: heard, made keepable, then put. */
async function read(caches: CacheStorage, path: string, response: Response) {
  await afterAnswer(caches, response);
  const kept = await keepable(caches, at(path), response, now);
  if (kept) await (await caches.open(KEPT_CACHE)).put(path, kept);
  return kept;
}

/** Session A's person and reads, kept. */
async function keptForA(caches: CacheStorage) {
  await read(caches, '/api/users/user', person('ada', SESSION_A));
  await read(caches, '/api/psu_user_profile', profile(SESSION_A));
  await read(caches, '/api/integrations/finti/holds', answer([{ hold: 'x' }], SESSION_A));
}

/** What Cache Storage holds under the kept answers' addresses. */
async function keptEntries(caches: CacheStorage) {
  if (!(await caches.has(KEPT_CACHE))) return [];
  const cache = await caches.open(KEPT_CACHE);
  const found = await Promise.all(KEPT_PATHS.map(async (p) => ((await cache.match(p)) ? p : '')));
  return found.filter(Boolean);
}

/** An offline read of `path`: what the worker would answer from what is kept. */
async function offlineRead(caches: CacheStorage, path: string) {
  return usableKept(caches, await (await caches.open(KEPT_CACHE)).match(path), later);
}

describe('an ended session leaves nothing readable offline (issue 71)', () => {
  it('a 401 from any call drops every kept answer of session A, and an offline read of a kept address is not served', async () => {
    for (const hear of [afterAnswer, afterAnyAnswer]) {
      const caches = memoryCaches();
      await keptForA(caches);
      expect(await keptEntries(caches)).toEqual(KEPT_PATHS);
      expect(await offlineRead(caches, '/api/psu_user_profile')).not.toBeNull();
      await hear(
        caches,
        answer({ detail: 'Authentication credentials were not provided.' }, null, 401),
      );
      expect(await keptEntries(caches)).toEqual([]);
      for (const path of KEPT_PATHS) expect(await offlineRead(caches, path), path).toBeNull();
    }
  });

  it('an answer of session A kept while the 401 arrived is never shown, and goes at the next look', async () => {
    const caches = memoryCaches();
    await keptForA(caches);
    const late = await keepable(caches, at('/api/psu_user_profile'), profile(SESSION_A), now);
    await afterAnyAnswer(caches, answer({}, null, 401));
    await (await caches.open(KEPT_CACHE)).put('/api/psu_user_profile', late ?? new Response());
    expect(await offlineRead(caches, '/api/psu_user_profile')).toBeNull();
    expect(await caches.has(KEPT_CACHE)).toBe(false);
    // A late answer of the ended session is not kept either.
    expect(await read(caches, '/api/users/user', person('ada', SESSION_A))).toBeNull();
  });

  it('a user call saying nobody is signed in, or an answer clearing the site data, ends the session', async () => {
    for (const ending of [
      answer({ username: '', is_authenticated: false, auth_token: '' }, null),
      answer({}, null, 200, { 'clear-site-data': '"cache", "storage"' }),
    ]) {
      const caches = memoryCaches();
      await keptForA(caches);
      const late = await (await caches.open(KEPT_CACHE)).match('/api/psu_user_profile');
      await read(caches, '/api/users/user', ending);
      expect(await keptEntries(caches)).toEqual([]);
      expect(await usableKept(caches, late, later)).toBeNull();
    }
  });

  it("a new sign-in (session B) drops session A's answers, the same person's or another's", async () => {
    for (const who of ['ada', 'bo']) {
      const caches = memoryCaches();
      await keptForA(caches);
      const before = await (await caches.open(KEPT_CACHE)).match('/api/psu_user_profile');
      expect(await read(caches, '/api/users/user', person(who, SESSION_B))).not.toBeNull();
      expect(await keptEntries(caches)).toEqual(['/api/users/user']);
      // Session A's late answers are not kept beside B's.
      expect(await read(caches, '/api/psu_user_profile', profile(SESSION_A))).toBeNull();
      expect(await read(caches, '/api/psu_user_profile', profile(SESSION_B))).not.toBeNull();
      expect(await offlineRead(caches, '/api/users/user')).not.toBeNull();
      // An answer of A found still kept is refused, and everything kept goes with it.
      expect(await usableKept(caches, before, later)).toBeNull();
      expect(await keptEntries(caches)).toEqual([]);
    }
  });

  it('any answer naming session B, a call the worker does not keep, drops A’s answers at once', async () => {
    const caches = memoryCaches();
    await keptForA(caches);
    await afterAnyAnswer(caches, answer({ results: [] }, SESSION_B));
    expect(await keptEntries(caches)).toEqual([]);
  });

  it('an answer that does not name its session is not kept', async () => {
    const caches = memoryCaches();
    const unnamed = person('ada', SESSION_A);
    unnamed.headers.delete(KEEP_SESSION_HEADER);
    expect(await read(caches, '/api/users/user', unnamed)).toBeNull();
  });

  it('the ended sessions outlive the worker: after a restart, what was kept in an ended session goes', async () => {
    const caches = memoryCaches();
    await keptForA(caches);
    // Everything kept (the owner too), as puts under way would write it back after the 401.
    const cache = await caches.open(KEPT_CACHE);
    const saved = await Promise.all(
      (await cache.keys()).map(async (key) => [key.url, await cache.match(key)] as const),
    );
    const putBack = async () => {
      const again = await caches.open(KEPT_CACHE);
      for (const [url, kept] of saved) await again.put(url, kept?.clone() ?? new Response());
    };
    await afterAnyAnswer(caches, answer({}, null, 401));
    await putBack();
    // The worker stops and starts again: only what its own store holds is known.
    vi.resetModules();
    const restarted = await import('../../worker/kept-answers.js');
    expect(await caches.has(SESSION_CACHE)).toBe(true);
    await restarted.forgetEndedSession(caches, later);
    expect(await keptEntries(caches)).toEqual([]);
    await putBack();
    const kept = await (await caches.open(KEPT_CACHE)).match('/api/psu_user_profile');
    expect(kept).toBeDefined();
    expect(await restarted.usableKept(caches, kept, later)).toBeNull();
  });

  it('a live session keeps its answers across a restart', async () => {
    const caches = memoryCaches();
    await keptForA(caches);
    await forgetEndedSession(caches, later);
    expect(await keptEntries(caches)).toEqual(KEPT_PATHS);
    expect(await offlineRead(caches, '/api/psu_user_profile')).not.toBeNull();
  });
});

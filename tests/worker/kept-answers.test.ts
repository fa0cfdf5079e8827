import { describe, expect, it } from 'vitest';
import {
  KEPT_AT_HEADER,
  KEPT_CACHE,
  afterAnswer,
  isKeptRead,
  isPublicRead,
  publicKeepable,
  forgetEndedSession,
  isSignOut,
  keepable,
  usableKept,
} from '../../worker/kept-answers.js';
import { KEEP_SESSION_HEADER, KEEP_UNTIL_HEADER } from '../../contract/offline.rules.js';
import { memoryCaches } from './memory-caches.js';

const at = (path: string) => new URL(path, 'https://portal.example.edu');
const now = new Date('2026-11-25T17:41:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
/** The marker of the session the answers are read in (x-keep-session; kept-session.test.ts). */
const SESSION_A = 'session-a-marker';
/** A signed-in answer of session A: it ends in 30 minutes unless `until` says otherwise. */
const json = (
  body: unknown,
  status = 200,
  until: string | null = minutes(30).toISOString(),
  session: string | null = SESSION_A,
) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json',
      ...(until === null ? {} : { [KEEP_UNTIL_HEADER]: until }),
      ...(session === null ? {} : { [KEEP_SESSION_HEADER]: session }),
    },
  });
const portalUser = (username: string) => ({
  username,
  is_authenticated: true,
  auth_token: `token-of-${username}`,
});

/** What the worker keeps of an answer, as its network-first strategy does: keepable, then put. */
async function answer(caches: CacheStorage, path: string, response: Response) {
  await afterAnswer(caches, response);
  const kept = await keepable(caches, at(path), response, now);
  if (kept) await (await caches.open(KEPT_CACHE)).put(path, kept);
  return kept;
}
async function keptText(caches: CacheStorage, path: string) {
  if (!(await caches.has(KEPT_CACHE))) return undefined;
  return (await (await caches.open(KEPT_CACHE)).match(path))?.text();
}

describe('what the worker keeps for offline', () => {
  it('Account’s notification settings and coursework calendar are kept for offline: their reads are kept, the calendar subscription’s secret address is not', () => {
    expect(isKeptRead('/api/coursework')).toBe(true);
    expect(isKeptRead('/next-steps/api/notification_type/')).toBe(true);
    expect(isKeptRead('/next-steps/api/user_preference/')).toBe(true);
    expect(isKeptRead('/api/preferences/user')).toBe(true);
    expect(isKeptRead('/api/calendar/subscription')).toBe(false);
    expect(isKeptRead('/api/coursework/feed')).toBe(false);
  });

  it('keeps only the person own reads of the portal and Next Steps, never a write or another call', () => {
    for (const path of [
      '/api/users/user',
      '/api/dashboard/blocks',
      '/api/psu_user_profile',
      '/api/integrations/finti/balance',
      '/next-steps/api/user_task/',
      '/next-steps/api/category/',
    ]) {
      expect(isKeptRead(path), path).toBe(true);
    }
    for (const path of [
      '/api/search',
      '/api/status',
      '/auth/logout',
      '/next-steps/api/user_task/4/',
    ]) {
      expect(isKeptRead(path), path).toBe(false);
    }
  });

  it('keeps the reads that are the same for everyone apart, whoever is signed in', async () => {
    expect(isPublicRead('/api/status')).toBe(true);
    expect(isPublicRead('/api/users/user')).toBe(false);
    // The campus's buildings (issue 89): the campus map and a class's building offline.
    expect(isPublicRead('/api/campus/buildings')).toBe(true);
    const kept = await publicKeepable(json({ status: 'ok' }), now);
    expect(kept?.headers.get(KEPT_AT_HEADER)).toBe('2026-11-25T17:41:00.000Z');
    expect(await publicKeepable(json({}, 503), now)).toBeNull();
  });

  it('never stores a token: the user calls are kept with auth_token blanked', async () => {
    const caches = memoryCaches();
    await answer(caches, '/api/users/user', json(portalUser('ada')));
    await answer(caches, '/next-steps/api/user/', json([{ id: 1, ...portalUser('ada') }]));
    expect(JSON.parse((await keptText(caches, '/api/users/user')) ?? '')).toMatchObject({
      username: 'ada',
      auth_token: '',
    });
    expect(await keptText(caches, '/next-steps/api/user/')).not.toContain('token-of-ada');
  });

  it('keeps nothing before a user call named whose it is, and no other answer carrying a token', async () => {
    const caches = memoryCaches();
    expect(await answer(caches, '/api/dashboard/blocks', json({ blocks: [1] }))).toBeNull();
    await answer(caches, '/api/users/user', json(portalUser('ada')));
    expect(await answer(caches, '/api/psu_user_profile', json({ auth_token: 'x' }))).toBeNull();
    expect(await answer(caches, '/api/dashboard/blocks', json({ blocks: [1] }))).not.toBeNull();
  });

  it('each kept answer carries the time it was current', async () => {
    const caches = memoryCaches();
    const kept = await answer(caches, '/api/users/user', json(portalUser('ada')));
    expect(kept?.headers.get(KEPT_AT_HEADER)).toBe('2026-11-25T17:41:00.000Z');
  });

  it('nothing of one person for another: a user call naming someone else clears the last person first', async () => {
    const caches = memoryCaches();
    await answer(caches, '/api/users/user', json(portalUser('ada')));
    await answer(caches, '/api/dashboard/blocks', json({ of: 'ada' }));
    await answer(caches, '/api/users/user', json(portalUser('bo')));
    expect(await keptText(caches, '/api/dashboard/blocks')).toBeUndefined();
    expect(await keptText(caches, '/api/users/user')).toContain('"bo"');
  });

  it('the same person named again in the same session (Next Steps’ user call) keeps what was kept', async () => {
    const caches = memoryCaches();
    await answer(caches, '/api/users/user', json(portalUser('ada')));
    await answer(caches, '/api/dashboard/blocks', json({ of: 'ada' }));
    await answer(caches, '/next-steps/api/user/', json([{ id: 7, ...portalUser('ada') }]));
    expect(await keptText(caches, '/api/dashboard/blocks')).toContain('ada');
  });

  it('an ended session forgets everything kept: a user call saying nobody is signed in, or a 401 or 403', async () => {
    for (const ending of [
      json({ username: '', is_authenticated: false, auth_token: '' }),
      json({ detail: 'Sign in.' }, 401),
      json({ detail: 'Not allowed.' }, 403),
    ]) {
      const caches = memoryCaches();
      await answer(caches, '/api/users/user', json(portalUser('ada')));
      await answer(caches, '/api/dashboard/blocks', json({ of: 'ada' }));
      await answer(caches, '/api/users/user', ending);
      expect(await caches.has(KEPT_CACHE)).toBe(false);
    }
  });

  it('a failed answer is not kept over the last good one', async () => {
    const caches = memoryCaches();
    await answer(caches, '/api/users/user', json(portalUser('ada')));
    expect(await answer(caches, '/api/dashboard/blocks', json({}, 502))).toBeNull();
  });

  it('keeps no answer that does not say when its session ends, nor one whose session has ended', async () => {
    const caches = memoryCaches();
    expect(await answer(caches, '/api/users/user', json(portalUser('ada'), 200, null))).toBeNull();
    expect(
      await answer(caches, '/api/users/user', json(portalUser('ada'), 200, 'soon')),
    ).toBeNull();
    const ended = minutes(-1).toISOString();
    expect(await answer(caches, '/api/users/user', json(portalUser('ada'), 200, ended))).toBeNull();
    expect(await caches.has(KEPT_CACHE)).toBe(false);
  });

  it('a kept answer does not outlive the session it was read in: past its end it is refused and everything kept is deleted', async () => {
    const caches = memoryCaches();
    await answer(caches, '/api/users/user', json(portalUser('ada')));
    await answer(caches, '/api/psu_user_profile', json({ name: 'Ada' }));
    const kept = await (await caches.open(KEPT_CACHE)).match('/api/psu_user_profile');
    expect(kept?.headers.get(KEEP_UNTIL_HEADER)).toBe(minutes(30).toISOString());
    expect(await usableKept(caches, kept, minutes(29))).toBe(kept);
    expect(await usableKept(caches, kept, minutes(30))).toBeNull();
    expect(await caches.has(KEPT_CACHE)).toBe(false);
  });

  it('a session kept alive by later answers keeps its earlier answers usable until its latest end', async () => {
    const caches = memoryCaches();
    await answer(caches, '/api/users/user', json(portalUser('ada')));
    await answer(caches, '/api/psu_user_profile', json({ name: 'Ada' }));
    // Twenty minutes on, the person still uses the portal: the session now ends later.
    await answer(caches, '/api/dashboard/blocks', json({}, 200, minutes(50).toISOString()));
    const kept = await (await caches.open(KEPT_CACHE)).match('/api/psu_user_profile');
    expect(await usableKept(caches, kept, minutes(45))).toBe(kept);
    expect(await usableKept(caches, kept, minutes(51))).toBeNull();
    expect(await caches.has(KEPT_CACHE)).toBe(false);
  });

  it('a shared computer keeps nothing: an answer saying "nothing" is not kept and deletes what was', async () => {
    const caches = memoryCaches();
    await answer(caches, '/api/users/user', json(portalUser('ada')));
    await answer(caches, '/api/psu_user_profile', json({ name: 'Ada' }));
    expect(
      await answer(caches, '/api/users/user', json(portalUser('ada'), 200, 'nothing')),
    ).toBeNull();
    expect(await caches.has(KEPT_CACHE)).toBe(false);
    expect(await answer(caches, '/api/psu_user_profile', json({}, 200, 'nothing'))).toBeNull();
    expect(await caches.has(KEPT_CACHE)).toBe(false);
  });

  it('on the worker start, what a session left past its end goes, and a live session keeps its answers', async () => {
    const caches = memoryCaches();
    await answer(caches, '/api/users/user', json(portalUser('ada')));
    await forgetEndedSession(caches, minutes(10));
    expect(await keptText(caches, '/api/users/user')).toContain('ada');
    await forgetEndedSession(caches, minutes(31));
    expect(await caches.has(KEPT_CACHE)).toBe(false);
  });

  it('signing out is the logout form post; a GET of the logout address only asks', () => {
    expect(isSignOut('POST', at('/auth/logout'))).toBe(true);
    expect(isSignOut('GET', at('/auth/logout'))).toBe(false);
    expect(isSignOut('POST', at('/auth/login'))).toBe(false);
  });
});

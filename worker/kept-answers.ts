/**
 * What the service worker keeps of the signed-in person's own reads, so their pages show the last
 * known data offline (issue 44), and the rule that keeps it theirs alone: campus computers and
 * phones are shared.
 *
 * - Only the reads named here are kept, and only once a user call has named whose they are (the
 *   owner, kept in the same cache so that clearing it forgets the owner too).
 * - A user call naming someone else first clears everything of the last person; one saying nobody
 *   is signed in, a 401 or 403 from any of them (an ended session), or a sign-out clears it all.
 * - No token is ever stored: the user calls are kept with `auth_token` blanked, and any other answer
 *   carrying one is not kept.
 * - Each kept answer carries the time it was current (`KEPT_AT_HEADER`), which the pages show.
 * - Kept answers do not outlive the session they were read in (issue 56): every signed-in answer
 *   says when its session ends (`x-keep-until`, contract/offline.rules.ts); an answer without it is
 *   not kept, and past the latest end the person's answers named, everything kept is refused and
 *   deleted. A session signed in as on a shared computer says `nothing`: nothing is kept for it,
 *   and what was kept goes.
 * - Kept answers belong to the session they were read in (issue 71, kept-session.ts): each carries
 *   its session's marker (`x-keep-session`); an answer without one is not kept, and once any answer
 *   says the session is over (a 401 from any call, a signed-out user call, another session's
 *   marker) everything kept goes and nothing kept in that session is shown again.
 *
 * Plain functions over a CacheStorage, so they are tested without a browser; worker/sw.ts wires
 * them into Workbox's network-first strategy.
 */
import {
  KEEP_NOTHING,
  KEEP_SESSION_HEADER,
  KEEP_UNTIL_HEADER,
  keepSessionOf,
  keepUntilOf,
} from '../contract/offline.rules.js';
import { endSession, isCurrentSession, nameSession, sessionOf } from './kept-session.js';

export const KEPT_CACHE = 'portal-kept-v1';
export const KEPT_AT_HEADER = 'x-kept-at';
const OWNER_KEY = '/__kept-owner__';
const TOKEN = /"auth_token"\s*:\s*"[^"]/;

const PORTAL_USER = '/api/users/user';
const NEXT_STEPS_USER = '/next-steps/api/user/';

/** The reads kept: the user calls and the own reads of the dashboard, Academics, Finances, Account and Next Steps. */
const KEPT_PATHS = [
  PORTAL_USER,
  '/api/posts',
  '/api/pages',
  '/api/integrations/rave-messages',
  '/api/integrations/pdx/events',
  '/api/users/roles',
  '/api/preferences/user',
  '/api/dashboard/blocks',
  '/api/psu_user_profile',
  '/api/academics/attendance',
  '/api/integrations/mynextsteps/tasks',
  '/api/notifications/user',
  // Account's coursework section (the feed's masked address and the items) and the notification
  // settings' topics: kept so both show offline, held with the reason (issue 57).
  '/api/coursework',
  NEXT_STEPS_USER,
  '/next-steps/api/notification_type/',
  '/next-steps/api/user_task/',
  '/next-steps/api/category/',
  '/next-steps/api/student_types/',
  '/next-steps/api/user_student_types/',
  '/next-steps/api/user_preference/',
];
const KEPT_PREFIXES = ['/api/integrations/finti/'];

/**
 * Reads that are the same for everyone (whether the portal is up, the campus configuration): kept
 * apart from the person's, in a cache of their own, so that a page can start offline at all.
 */
export const PUBLIC_CACHE = 'portal-public-v1';
// The campus's buildings (issue 89) too: the campus map and "where is my next class" offline.
const PUBLIC_PATHS = ['/api/status', '/api/campus', '/api/campus/buildings'];
export const isPublicRead = (pathname: string) => PUBLIC_PATHS.includes(pathname);

/** A public read as kept: a good answer, with the time it was current. */
export async function publicKeepable(response: Response, now: Date): Promise<Response | null> {
  if (response.status !== 200) return null;
  const headers = new Headers({
    'content-type': response.headers.get('content-type') ?? 'application/json',
    [KEPT_AT_HEADER]: now.toISOString(),
  });
  return new Response(await response.clone().text(), { headers });
}

export const isKeptRead = (pathname: string) =>
  KEPT_PATHS.includes(pathname) || KEPT_PREFIXES.some((prefix) => pathname.startsWith(prefix));

/** Whose a user call's answer is, and the answer without its token; null: nobody signed in. */
export function ownerOf(pathname: string, text: string): { owner: string; body: string } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const user: unknown =
    pathname === NEXT_STEPS_USER && Array.isArray(parsed) ? (parsed as unknown[])[0] : parsed;
  if (typeof user !== 'object' || user === null) return null;
  const record = user as Record<string, unknown>;
  if (record.is_authenticated === false) return null;
  if (typeof record.username !== 'string' || record.username === '') return null;
  const blank = (u: unknown) =>
    typeof u === 'object' && u !== null ? { ...(u as object), auth_token: '' } : u;
  const body = Array.isArray(parsed) ? parsed.map(blank) : blank(parsed);
  return { owner: record.username, body: JSON.stringify(body) };
}

export const isUserCall = (pathname: string) =>
  pathname === PORTAL_USER || pathname === NEXT_STEPS_USER;

/** Forgets everything kept, and whose it was. */
export async function forgetKept(caches: CacheStorage): Promise<void> {
  await caches.delete(KEPT_CACHE);
}

/** Whose the kept answers are, the latest end of their session any answer named, and the session. */
async function keptOwner(
  caches: CacheStorage,
): Promise<{ owner: string; until: number | null; session: string | null } | null> {
  if (!(await caches.has(KEPT_CACHE))) return null;
  const cache = await caches.open(KEPT_CACHE);
  const owner = await cache.match(OWNER_KEY);
  if (!owner) return null;
  const until = keepUntilOf(owner.headers.get(KEEP_UNTIL_HEADER));
  return { owner: await owner.text(), until, session: keptSessionOf(owner) };
}

const keptSessionOf = (kept: Response) => keepSessionOf(kept.headers.get(KEEP_SESSION_HEADER));

async function writeOwner(caches: CacheStorage, owner: string, until: number, session: string) {
  const cache = await caches.open(KEPT_CACHE);
  const headers = {
    [KEEP_UNTIL_HEADER]: new Date(until).toISOString(),
    [KEEP_SESSION_HEADER]: session,
  };
  await cache.put(OWNER_KEY, new Response(owner, { headers }));
}

/**
 * The answer as it may be kept (its token blanked, the time it was current and the end of its
 * session attached), or null when it may not; a user call that names someone new clears the last
 * person's first, and an answer of a shared computer's session clears everything.
 */
export async function keepable(
  caches: CacheStorage,
  url: URL,
  response: Response,
  now: Date,
): Promise<Response | null> {
  if (response.status !== 200) return null;
  const keep = response.headers.get(KEEP_UNTIL_HEADER);
  if (keep === KEEP_NOTHING) {
    await forgetKept(caches);
    return null;
  }
  const until = keepUntilOf(keep);
  const text = await response.clone().text();
  if (isUserCall(url.pathname) && !ownerOf(url.pathname, text)) {
    // A user call saying nobody is signed in: the session is over, and everything kept goes.
    await endSession(caches);
    await forgetKept(caches);
    return null;
  }
  const session = sessionOf(response);
  // An answer that does not say when its session ends, or which session it is, cannot be bounded
  // by it: not kept.
  if (until === null || until <= now.getTime() || session === null) return null;
  const named = await nameSession(caches, session);
  // Another session's answer ends the last one; an ended session's answer is kept no more.
  if (named === 'new') await forgetKept(caches);
  if (named === 'ended') return null;
  const headers = new Headers({
    'content-type': response.headers.get('content-type') ?? 'application/json',
    [KEPT_AT_HEADER]: now.toISOString(),
    [KEEP_UNTIL_HEADER]: new Date(until).toISOString(),
    [KEEP_SESSION_HEADER]: session,
  });
  const before = await keptOwner(caches);
  const user = isUserCall(url.pathname) ? ownerOf(url.pathname, text) : null;
  if (user) {
    if (before !== null && before.owner !== user.owner) await forgetKept(caches);
    const same = before?.owner === user.owner ? before.until : null;
    await writeOwner(caches, user.owner, Math.max(until, same ?? 0), session);
    return new Response(user.body, { headers });
  }
  if (TOKEN.test(text)) return null;
  // Only answers of the person a user call named in this session; before one answered, nothing.
  if (before === null || before.session !== session) return null;
  if (before.until === null || until > before.until)
    await writeOwner(caches, before.owner, until, session);
  return new Response(text, { headers });
}

/**
 * A kept answer about to be used offline: itself while the session it was read in can still be
 * live (the latest end any of the person's answers named, and no answer since said it is over),
 * else null, and everything kept goes.
 */
export async function usableKept(
  caches: CacheStorage,
  kept: Response | undefined,
  now: Date,
): Promise<Response | null> {
  if (!kept) return null;
  const owner = await keptOwner(caches);
  const own = keepUntilOf(kept.headers.get(KEEP_UNTIL_HEADER));
  const until = Math.max(own ?? 0, owner?.until ?? 0);
  const session = keptSessionOf(kept);
  const current = owner?.session === session && (await isCurrentSession(caches, session));
  if (owner === null || until <= now.getTime() || !current) {
    await forgetKept(caches);
    return null;
  }
  return kept;
}

/**
 * Everything kept goes once its person's session has ended, by time or by an answer that said so
 * (on the worker's start, say).
 */
export async function forgetEndedSession(caches: CacheStorage, now: Date): Promise<void> {
  if (!(await caches.has(KEPT_CACHE))) return;
  const owner = await keptOwner(caches);
  if (
    owner === null ||
    owner.until === null ||
    owner.until <= now.getTime() ||
    !(await isCurrentSession(caches, owner.session))
  ) {
    await forgetKept(caches);
  }
}

/**
 * After the network answered any call of the portal's or Next Steps' API, or a page: a 401, or an
 * answer asking the browser to clear the site's data, ends the session and forgets everything kept;
 * an answer naming another session than the kept one forgets it too (kept-session.ts).
 */
export async function afterAnyAnswer(caches: CacheStorage, response: Response): Promise<void> {
  if (response.status === 401 || response.headers.has('clear-site-data')) {
    await endSession(caches);
    await forgetKept(caches);
    return;
  }
  const session = sessionOf(response);
  if (session !== null && (await nameSession(caches, session)) === 'new') await forgetKept(caches);
}

/** After the network answered a kept read: as any answer, and a refusal forgets everything kept. */
export async function afterAnswer(caches: CacheStorage, response: Response): Promise<void> {
  await afterAnyAnswer(caches, response);
  if (response.status === 403) await forgetKept(caches);
}

/**
 * A request that signs the person out (the logout form's POST; a GET only asks): everything kept
 * goes with the session.
 */
export const isSignOut = (method: string, url: URL) =>
  method === 'POST' &&
  (url.pathname === '/auth/logout' || url.pathname.startsWith('/auth/logout/'));

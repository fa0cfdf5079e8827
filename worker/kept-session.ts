/**
 * Which session the kept answers belong to, and which sessions are over (issue 71), in the worker's
 * own store (a cache of its own, so it outlives the worker's restarts and is never dropped with the
 * kept answers). Every signed-in answer names its session (`x-keep-session`,
 * contract/offline.rules.ts); the server can end a session before the end it announced (revoked,
 * signed out elsewhere, a shorter idle limit), and the first answer that says so ends it here:
 *
 * - a 401 from any API call, a user call saying nobody is signed in, or an answer asking the browser
 *   to clear the site's data: the current session is over;
 * - an answer naming another session: the one before is over (a new sign-in, the same person's or
 *   not).
 *
 * A kept answer is shown only while its session is the current one and not over: an answer of an
 * ended session that arrives late, or was being kept while the session ended, is never shown.
 */
import { KEEP_SESSION_HEADER, keepSessionOf } from '../contract/offline.rules.js';

export const SESSION_CACHE = 'portal-session-v1';
const STATE_KEY = '/__kept-session__';
/** How many ended sessions are remembered: a late answer comes within a few requests, not dozens. */
const ENDED_REMEMBERED = 50;

interface SessionState {
  current: string | null;
  ended: string[];
}

async function readState(caches: CacheStorage): Promise<SessionState> {
  const kept = await (await caches.open(SESSION_CACHE)).match(STATE_KEY);
  if (!kept) return { current: null, ended: [] };
  try {
    const parsed = JSON.parse(await kept.text()) as Partial<SessionState>;
    const ended = Array.isArray(parsed.ended)
      ? parsed.ended.filter((m): m is string => typeof m === 'string')
      : [];
    return { current: keepSessionOf(parsed.current), ended };
  } catch {
    return { current: null, ended: [] };
  }
}

async function writeState(caches: CacheStorage, state: SessionState) {
  const ended = state.ended.slice(-ENDED_REMEMBERED);
  const body = JSON.stringify({ current: state.current, ended });
  const headers = { 'content-type': 'text/plain' };
  await (await caches.open(SESSION_CACHE)).put(STATE_KEY, new Response(body, { headers }));
}

/** One change of the state at a time: answers arrive together, and each reads before it writes. */
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** The session an answer names, or null (a signed-out answer, a public one, a malformed marker). */
export const sessionOf = (response: Response): string | null =>
  keepSessionOf(response.headers.get(KEEP_SESSION_HEADER));

/** The current session is over: nothing kept for it is shown again. */
export const endSession = (caches: CacheStorage): Promise<void> =>
  serially(async () => {
    const state = await readState(caches);
    if (state.current === null) return;
    await writeState(caches, { current: null, ended: [...state.ended, state.current] });
  });

/**
 * An answer named `marker`: `current` when it is the current session's, `ended` when that session
 * is over (the answer is not kept), `new` when it is another one, which becomes the current session
 * and ends the one before (whose kept answers the caller drops).
 */
export const nameSession = (
  caches: CacheStorage,
  marker: string,
): Promise<'current' | 'ended' | 'new'> =>
  serially(async () => {
    const state = await readState(caches);
    if (state.ended.includes(marker)) return 'ended';
    if (state.current === marker) return 'current';
    const ended = state.current === null ? state.ended : [...state.ended, state.current];
    await writeState(caches, { current: marker, ended });
    return 'new';
  });

/** Whether what was kept in session `marker` may be shown: it is the current session, not over. */
export const isCurrentSession = (caches: CacheStorage, marker: string | null): Promise<boolean> =>
  serially(async () => {
    if (marker === null) return false;
    const state = await readState(caches);
    return state.current === marker && !state.ended.includes(marker);
  });

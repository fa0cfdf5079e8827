/**
 * The first answers a signed-in person's page carries (issue 63, contract/first-answers.rules.ts),
 * kept for offline as if the app had read them through the worker. The page answers the status, the
 * user call and the first SIS reads itself, so those reads never reach the worker; without this,
 * its offline copy of the person (the owner, the user, the reads) would never be written.
 *
 * Each carried answer goes through the same rules as the network's (kept-answers.ts): the page's
 * `x-keep-until` and `x-keep-session` are each answer's, the user call first names the owner (or clears the last person),
 * a shared computer's page keeps nothing, and only the reads kept anyway are kept. The page itself
 * is never stored: only the answers, under their API addresses.
 */
import {
  FIRST_ANSWERS_ID,
  NEXT_STEPS_FIRST,
  firstAnswersBase,
} from '../contract/first-answers.rules.js';
import { KEEP_SESSION_HEADER, KEEP_UNTIL_HEADER } from '../contract/offline.rules.js';
import {
  KEPT_CACHE,
  PUBLIC_CACHE,
  isKeptRead,
  isPublicRead,
  keepable,
  publicKeepable,
} from './kept-answers.js';

const BLOCK = new RegExp(
  `<script type="application/json" id="${FIRST_ANSWERS_ID}">([^<]*)</script>`,
);
/** The carried calls that name whose the other answers are: the portal's user, Next Steps' user. */
const OWNER_CALLS: readonly string[] = ['users/user', NEXT_STEPS_FIRST.user];
/** The user call first: it names whose the other answers are. */
const USER_FIRST = (a: string, b: string) =>
  Number(OWNER_CALLS.includes(b)) - Number(OWNER_CALLS.includes(a));

/** The answers the page's block carries, by their address under `/api`; none when it has none. */
export function carriedAnswers(html: string): [string, unknown][] {
  const json = BLOCK.exec(html)?.[1];
  if (!json) return [];
  try {
    const parts: unknown = JSON.parse(json);
    if (typeof parts !== 'object' || parts === null || Array.isArray(parts)) return [];
    return Object.entries(parts).sort(([a], [b]) => USER_FIRST(a, b));
  } catch {
    return [];
  }
}

/**
 * Keeps what a page carried, as the network's answers to the same calls would have been kept: each
 * under its address in the page's API (Next Steps' own for its pages, the portal's for the rest).
 */
export async function keepCarried(
  caches: CacheStorage,
  page: Response,
  pageUrl: URL,
  now: Date,
): Promise<void> {
  if (!page.ok || !(page.headers.get('content-type') ?? '').startsWith('text/html')) return;
  const answers = carriedAnswers(await page.text());
  if (answers.length === 0) return;
  const until = page.headers.get(KEEP_UNTIL_HEADER);
  const session = page.headers.get(KEEP_SESSION_HEADER);
  for (const [path, value] of answers) {
    const url = new URL(`${firstAnswersBase(pageUrl.pathname)}${path}`, pageUrl.origin);
    const headers = new Headers({ 'content-type': 'application/json' });
    if (until !== null) headers.set(KEEP_UNTIL_HEADER, until);
    if (session !== null) headers.set(KEEP_SESSION_HEADER, session);
    const response = new Response(JSON.stringify(value), { headers });
    if (isPublicRead(url.pathname)) {
      const kept = await publicKeepable(response, now);
      if (kept) await (await caches.open(PUBLIC_CACHE)).put(url.href, kept);
    } else if (isKeptRead(url.pathname)) {
      const kept = await keepable(caches, url, response, now);
      if (kept) await (await caches.open(KEPT_CACHE)).put(url.href, kept);
    }
  }
}

/**
 * How long the installed app may keep a signed-in answer for offline use (issue 56). Every answer a
 * signed-in request receives says, in `x-keep-until`, when the session it was read in ends as of
 * that answer (its idle end or its absolute end, whichever is first), or `nothing` when the person
 * signed in with "This is a shared computer" ticked. The service worker keeps an answer only with a
 * time, refuses and deletes it past that time, and keeps nothing (deleting what it had) when told
 * `nothing`.
 */
export const KEEP_UNTIL_HEADER = 'x-keep-until';
export const KEEP_NOTHING = 'nothing';

/** The header's value for a session ending at `end`, or a shared computer's. */
export const keepUntilValue = (end: Date, sharedComputer: boolean): string =>
  sharedComputer ? KEEP_NOTHING : end.toISOString();

/**
 * @public Read by the service worker (worker/kept-answers.ts), outside knip's project.
 *
 * What a kept answer's header allows: until a time (ms since the epoch), or nothing at all (a shared
 * computer's session, a missing or unreadable header: what cannot be bounded is not kept).
 */
export function keepUntilOf(value: string | null | undefined): number | null {
  if (!value || value === KEEP_NOTHING || value.length > 40) return null;
  const at = Date.parse(value);
  return Number.isFinite(at) ? at : null;
}

/**
 * Which session a signed-in answer was read in (issue 71): a short one-way digest of the session's
 * stored id hash, never the id nor anything it can be recovered from. The service worker keeps it
 * with each answer; an answer naming another session, a 401, or a user call saying nobody is signed
 * in ends the kept session, and nothing kept for an ended session is shown again.
 */
export const KEEP_SESSION_HEADER = 'x-keep-session';

/** @public Read by the service worker: a marker's form, or null for anything else. */
export const keepSessionOf = (value: string | null | undefined): string | null =>
  value && /^[A-Za-z0-9_-]{8,64}$/.test(value) ? value : null;

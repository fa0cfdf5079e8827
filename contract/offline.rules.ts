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

import type { FastifyRequest } from 'fastify';
import { keepUntilValue } from '../../contract/offline.rules.js';
import type { SessionRecord } from '../db/repositories/sessions.repository.js';

/** How long a session lives: the session plugin's (`plugins/app/session.ts`) timing rules. */
export interface SessionPolicy {
  /** A session unused this long ends (sliding). */
  idleMs: number;
  /** A session ends this long after sign-in, used or not. */
  absoluteMs: number;
}

export const defaultSessionPolicy: SessionPolicy = {
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 3_600_000,
};

/**
 * How stale `last_seen_at` may get before a request writes it again: a minute at most, and never more
 * than a quarter of the idle window, so an active session never looks idle (with a 1-minute window a
 * touch every minute would end sessions in use).
 */
export const MAX_TOUCH_INTERVAL_MS = 60_000;
export const touchIntervalFor = (idleMs: number) => Math.min(MAX_TOUCH_INTERVAL_MS, idleMs / 4);

/** How often the store's sessions past their idle window or their absolute lifetime are removed. */
export const CLEANUP_EVERY_MS = 15 * 60_000;

/** Whether `session` is still on at `now`: before its absolute end, and used within the idle window. */
export const isLive = (policy: SessionPolicy, session: SessionRecord, now: Date) =>
  session.expiresAt > now && now.getTime() - session.lastSeenAt.getTime() < policy.idleMs;

/** When a session signed in at `now` ends, used or not. */
export const expiresAt = (policy: SessionPolicy, now: Date) =>
  new Date(now.getTime() + policy.absoluteMs);

/** A session last used before this is idle at `now`, however long its lifetime (the cleanup's). */
export const lastSeenBefore = (policy: SessionPolicy, now: Date) =>
  new Date(now.getTime() - policy.idleMs);

/**
 * The `x-keep-until` value of an answer read in `session` (contract/offline.rules.ts): when the
 * session ends as of now (idle or absolute, whichever is first), or `nothing` on a shared computer.
 */
export function keepUntil(policy: SessionPolicy, session: SessionRecord): string {
  const idleEnd = session.lastSeenAt.getTime() + policy.idleMs;
  const end = Math.min(idleEnd, session.expiresAt.getTime());
  if (session.sharedComputer) return keepUntilValue(new Date(end), true);
  // A session's end moves only when it is touched (about once a minute): its text is written once
  // and reused, not formatted on every answer (bench/README.md, the cached read's profile).
  let value = KEEP_UNTIL_TEXTS.get(end);
  if (value === undefined) {
    if (KEEP_UNTIL_TEXTS.size >= KEEP_UNTIL_TEXTS_MAX) KEEP_UNTIL_TEXTS.clear();
    value = keepUntilValue(new Date(end), false);
    KEEP_UNTIL_TEXTS.set(end, value);
  }
  return value;
}

/** The `x-keep-until` texts of the session ends answered lately, by end (ms), bounded. */
const KEEP_UNTIL_TEXTS = new Map<number, string>();
const KEEP_UNTIL_TEXTS_MAX = 4_096;

/**
 * Whether the request must see the session and the user's rights as the store has them now, not as
 * this process checked them a moment ago: every change (a method other than GET and HEAD) and every
 * admin address.
 */
export function needsFreshRights(
  request: Pick<FastifyRequest, 'method' | 'url'> & { routeOptions: { url?: string } },
): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  // The route's own path: the address as sent may spell it otherwise.
  const path = request.routeOptions.url ?? request.url;
  return /^\/(api\/)?admin(\/|$)/.test(path);
}

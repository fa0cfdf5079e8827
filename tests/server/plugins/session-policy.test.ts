import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../../../server/db/repositories/sessions.repository.js';
import {
  MAX_TOUCH_INTERVAL_MS,
  defaultSessionPolicy,
  expiresAt,
  isLive,
  keepUntil,
  lastSeenBefore,
  needsFreshRights,
  touchIntervalFor,
} from '../../../server/plugins/session-policy.js';

const MINUTE = 60_000;
const SIGN_IN = new Date('2026-11-27T08:00:00.000Z');
const policy = defaultSessionPolicy;

function sessionSeenAt(lastSeenAt: Date, sharedComputer = false): SessionRecord {
  return {
    idHash: 'a',
    tokenHash: 'b',
    userId: 1,
    createdAt: SIGN_IN,
    lastSeenAt,
    expiresAt: expiresAt(policy, SIGN_IN),
    sharedComputer,
  };
}
const at = (minutes: number) => new Date(SIGN_IN.getTime() + minutes * MINUTE);

describe('the session policy', () => {
  it('ends a session unused for its idle window (30 minutes), and at its absolute lifetime (12 hours) however used', () => {
    expect(isLive(policy, sessionSeenAt(at(0)), at(29))).toBe(true);
    expect(isLive(policy, sessionSeenAt(at(0)), at(30))).toBe(false);
    expect(isLive(policy, sessionSeenAt(at(12 * 60 - 1)), at(12 * 60 - 1))).toBe(true);
    expect(isLive(policy, sessionSeenAt(at(12 * 60 - 1)), at(12 * 60))).toBe(false);
  });

  it('writes a session’s last use again at most a minute stale, and never more than a quarter of the idle window', () => {
    expect(touchIntervalFor(30 * MINUTE)).toBe(MAX_TOUCH_INTERVAL_MS);
    expect(touchIntervalFor(MINUTE)).toBe(MINUTE / 4);
  });

  it('cleans up sessions last used before the idle window', () => {
    expect(lastSeenBefore(policy, at(60))).toEqual(at(30));
  });

  it('lets an answer be kept offline until the session ends, idle or absolute, whichever is first; nothing on a shared computer', () => {
    expect(keepUntil(policy, sessionSeenAt(at(60)))).toBe(at(90).toISOString());
    expect(keepUntil(policy, sessionSeenAt(at(12 * 60 - 10)))).toBe(at(12 * 60).toISOString());
    expect(keepUntil(policy, sessionSeenAt(at(60), true))).toBe('nothing');
  });

  it.each([
    ['GET', '/api/users/user', false],
    ['HEAD', '/api/users/user', false],
    ['POST', '/api/preferences/user', true],
    ['DELETE', '/next-steps/api/user_task/1/', true],
    ['GET', '/admin/posts', true],
    ['GET', '/api/admin/reach', true],
    ['GET', '/administration', false],
  ])('needs fresh rights for every change and every admin address: %s %s', (method, url, fresh) => {
    expect(needsFreshRights({ method, url, routeOptions: { url } })).toBe(fresh);
  });
});

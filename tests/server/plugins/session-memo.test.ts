import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../../../server/db/repositories/sessions.repository.js';
import type { UserRecord } from '../../../server/db/repositories/users.repository.js';
import { MEMO_MS, SessionMemo, type Authenticated } from '../../../server/plugins/session-memo.js';
import { findPersona } from '../../../server/sis/personas.js';

const START = new Date('2026-11-27T09:00:00.000Z');

function authOf(idHash: string, username = 'avalencia'): Authenticated {
  const user: UserRecord = {
    ...findPersona('student'),
    username,
    id: 1,
    persona: 'student',
    role_acknowledged_on: null,
    can_support: false,
  };
  const session: SessionRecord = {
    idHash,
    tokenHash: `token-${idHash}`,
    userId: 1,
    createdAt: START,
    lastSeenAt: START,
    expiresAt: new Date(START.getTime() + 3_600_000),
    sharedComputer: false,
  };
  return { user, session };
}

/** A memo on a clock the test moves, its sessions live until `liveUntil`; counts the store's reads. */
function memoAt(liveUntil = Infinity) {
  let now = START.getTime();
  let reads = 0;
  const memo = new SessionMemo(
    () => new Date(now),
    (_session, at) => at.getTime() < liveUntil,
  );
  const lookUp = (auth: Authenticated | null) => async () => {
    reads += 1;
    return auth;
  };
  return {
    memo,
    lookUp,
    reads: () => reads,
    ahead: (ms: number) => {
      now += ms;
    },
  };
}

describe('the memo of checked sessions', () => {
  it('takes a session checked a moment ago as checked for MEMO_MS, then asks the store again', async () => {
    const t = memoAt();
    const auth = authOf('a');
    expect(await t.memo.checked('id:a', false, t.lookUp(auth))).toBe(auth);
    t.ahead(MEMO_MS - 1);
    expect(await t.memo.checked('id:a', false, t.lookUp(auth))).toBe(auth);
    expect(t.reads()).toBe(1);
    t.ahead(1);
    await t.memo.checked('id:a', false, t.lookUp(auth));
    expect(t.reads()).toBe(2);
  });

  it('asks the store for a request that needs fresh rights, even while the session is remembered', async () => {
    const t = memoAt();
    await t.memo.checked('id:a', false, t.lookUp(authOf('a')));
    await t.memo.checked('id:a', true, t.lookUp(authOf('a')));
    expect(t.reads()).toBe(2);
  });

  it('gives nothing for a remembered session that is no longer live', async () => {
    const t = memoAt(START.getTime() + 500);
    await t.memo.checked('id:a', false, t.lookUp(authOf('a')));
    expect(t.memo.remembered('id:a')).not.toBeNull();
    t.ahead(500);
    expect(t.memo.remembered('id:a')).toBeNull();
  });

  it('forgets the key when the store finds no session under it', async () => {
    const t = memoAt();
    await t.memo.checked('id:a', false, t.lookUp(authOf('a')));
    expect(await t.memo.checked('id:a', true, t.lookUp(null))).toBeNull();
    expect(t.memo.remembered('id:a')).toBeNull();
  });

  it('forgets an ended session by its id hash, and a person’s sessions when their rights change', async () => {
    const t = memoAt();
    await t.memo.checked('id:a', false, t.lookUp(authOf('a')));
    await t.memo.checked('Token b', false, t.lookUp(authOf('b', 'jchen')));
    await t.memo.checked('Token c', false, t.lookUp(authOf('c', 'jchen')));
    t.memo.forget('a');
    t.memo.forgetUser('jchen');
    for (const key of ['id:a', 'Token b', 'Token c']) expect(t.memo.remembered(key)).toBeNull();
  });

  it('does not remember a session it was reading from the store while a session ended', async () => {
    const t = memoAt();
    const auth = await t.memo.checked('id:a', false, async () => {
      t.memo.forget('a');
      return authOf('a');
    });
    // The lookup's answer stands for its own request, but is not taken as checked for the next.
    expect(auth?.session.idHash).toBe('a');
    expect(t.memo.remembered('id:a')).toBeNull();
  });
});

import type { SessionRecord } from '../db/repositories/sessions.repository.js';
import type { UserRecord } from '../db/repositories/users.repository.js';

/** A live session and its person, as a guard found them. */
export interface Authenticated {
  user: UserRecord;
  session: SessionRecord;
}

/** How long a checked session is taken as checked without asking the store again. */
export const MEMO_MS = 2_000;
const MEMO_LIMIT = 10_000;

/**
 * The sessions this process checked a moment ago, taken as checked (the session plugin's,
 * `plugins/app/session.ts`): API calls come in bursts (a dashboard makes a dozen at once), and each
 * check costs two queries. Only reads are: a change (any method but GET and HEAD) and every admin
 * address read the session and the user's rights from the store (`fresh`), so a revoked right stops
 * working at once wherever it is checked. Sign-in and sign-out here forget at once; with Redis, every
 * other process is told too (session-sync.ts); without it (one process, or several without Redis) a
 * session ended by another process stops working within MEMO_MS. The memo is keyed by the secret the
 * request carries (held in this process only, like the request itself): the cookie's session id, or
 * the `Authorization` header with its token, so a remembered session costs no hashing.
 */
export class SessionMemo {
  private readonly memo = new Map<string, { auth: Authenticated; until: number }>();
  /**
   * Counts the sessions ended or forgotten here: a lookup that was reading the store while one ended
   * may have read it before the end, and must not be remembered for MEMO_MS.
   */
  private endings = 0;

  constructor(
    private readonly clock: () => Date,
    /** Whether a remembered session is still on (its idle window or lifetime may pass while kept). */
    private readonly isLive: (session: SessionRecord, now: Date) => boolean,
  ) {}

  /** The session remembered under `key`, while its moment and the session last; else null. */
  remembered(key: string): Authenticated | null {
    const hit = this.memo.get(key);
    if (!hit) return null;
    const now = this.clock();
    if (hit.until > now.getTime() && this.isLive(hit.auth.session, now)) return hit.auth;
    this.memo.delete(key);
    return null;
  }

  /**
   * The session under `key`: remembered, unless the request needs it `fresh`, else looked up in the
   * store and remembered for MEMO_MS (unless a session ended meanwhile); none found forgets the key.
   */
  async checked(
    key: string,
    fresh: boolean,
    lookUp: () => Promise<Authenticated | null>,
  ): Promise<Authenticated | null> {
    const hit = fresh ? null : this.remembered(key);
    if (hit) return hit;
    const before = this.endings;
    const auth = await lookUp();
    if (!auth) this.memo.delete(key);
    if (auth && this.endings === before) {
      if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
      this.memo.set(key, { auth, until: this.clock().getTime() + MEMO_MS });
    }
    return auth;
  }

  /** Forgets a session (ended here or by another process), by its id hash. */
  forget(idHash: string): void {
    this.endings += 1;
    for (const [key, hit] of this.memo)
      if (hit.auth.session.idHash === idHash) this.memo.delete(key);
  }

  /** Forgets a person's sessions (their rights changed). */
  forgetUser(username: string): void {
    this.endings += 1;
    for (const [key, hit] of this.memo)
      if (hit.auth.user.username === username) this.memo.delete(key);
  }
}

import type { UserRecord } from '../db/repositories/users.repository.js';

/**
 * In which capacity the signed-in person acts (issue 73): `self` for their own record, `support` for
 * a staff member viewing a student's record, `delegate` for someone a student named. Today every
 * request is `self`; the other two only ever read (`mayWrite`, auth/rights.ts).
 */
export type Capacity = 'self' | 'support' | 'delegate';

/** Who is signed in, and in which capacity they act on this request. */
export interface Actor {
  readonly user: UserRecord;
  readonly capacity: Capacity;
}

/**
 * A request's two people: the `subject`, whose records are read and written, and the `actor`, who is
 * signed in (audit entries, rights checks). The authenticated scope sets them once
 * (plugins/authenticated.ts); routes and data adapters read them and never the session's person.
 */
export interface Acting {
  readonly subject: UserRecord;
  readonly actor: Actor;
}

/** The signed-in person acting for themselves: their own record, in the capacity `self`. */
export const actingAsSelf = (signedIn: UserRecord): Acting => ({
  subject: signedIn,
  actor: { user: signedIn, capacity: 'self' },
});

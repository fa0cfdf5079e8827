import type { DelegateCategory } from '../../contract/delegates.schema.js';
import type { UserRecord } from '../db/repositories/users.repository.js';

/**
 * In which capacity the signed-in person acts (issue 73): `self` for their own record, `support` for
 * a staff member viewing a student's record, `delegate` for someone a student named. Today every
 * request is `self`; the other two only ever read (`mayWrite`, auth/rights.ts).
 */
export type Capacity = 'self' | 'support' | 'delegate';

/**
 * A delegate (issue 73, access a student grants): not a campus account, so no user record of their
 * own; the grant they act under and what it shares.
 */
export interface DelegateActor {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly delegation: number;
  readonly categories: readonly DelegateCategory[];
}

/** Who is signed in, and in which capacity they act on this request. */
export interface Actor {
  /** The campus account acting; for a delegate, who has none, the student whose record it is. */
  readonly user: UserRecord;
  readonly capacity: Capacity;
  /** Only in the capacity `delegate`: who the delegate is. */
  readonly delegate?: DelegateActor;
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

/** A delegate reading the record a student shared with them (issue 73), in the capacity `delegate`. */
export const actingAsDelegate = (student: UserRecord, delegate: DelegateActor): Acting => ({
  subject: student,
  actor: { user: student, capacity: 'delegate', delegate },
});

import type { DelegateCategory } from '../../contract/delegates.schema.js';
import type { UserRecord } from '../db/repositories/users.repository.js';

/**
 * In which capacity the signed-in person acts (issue 73): `self` for their own record, `support` for
 * a staff member viewing a student's record, `delegate` for someone a student named. Support only
 * reads; a delegate reads, and pays where a route's declaration says so (`mayWrite`, auth/rights.ts).
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
  /** The student who shared: the only subject the delegate acts on. */
  readonly student: number;
  readonly categories: readonly DelegateCategory[];
  /** When the share ends: the bar on every page the delegate reads says until when. */
  readonly endsAt: Date;
}

/**
 * Who is asking, and in which capacity they act on this request: a campus account for themselves
 * (`self`) or viewing a student's record (`support`), or a delegate as themselves (their own id and
 * name, never the student's account): an action's record names the person who acted.
 */
export type Actor =
  | { readonly capacity: 'self' | 'support'; readonly user: UserRecord }
  | { readonly capacity: 'delegate'; readonly delegate: DelegateActor };

/**
 * A request's two people: the `subject`, whose records are read and written, and the `actor`, who is
 * asking (audit entries, rights checks), with when they signed in (`signedInAt`: the session's start,
 * which only a new sign-in resets). `actingOf` builds it, for the API, the drawn page and the
 * delegate's session alike; routes and data adapters read it and never the session's person.
 */
export interface Acting {
  readonly subject: UserRecord;
  readonly actor: Actor;
  readonly signedInAt: Date;
  /** The id hash of the session asking (the campus session's, or the delegate's). */
  readonly session: string;
}

/** A delegate let in by the token guard (plugins/delegate-guard.ts): whose record, and since when. */
export interface Delegating {
  readonly student: UserRecord;
  readonly delegate: DelegateActor;
  readonly signedInAt: Date;
  readonly session: string;
}

/** What a request carries of who is asking, as its guards found it (FastifyRequest has each). */
export interface Asking {
  readonly auth: {
    readonly user: UserRecord;
    readonly session: { readonly createdAt: Date; readonly idHash: string };
  } | null;
  /** A support staff member's view as a student (plugins/view-as.ts). */
  readonly viewing: { readonly subject: UserRecord } | null;
  readonly delegating: Delegating | null;
}

/**
 * The one place that decides in which capacity a request acts (issue 88): a delegate let in by the
 * token guard acts as the delegate on the student's record; a signed-in person viewing as a student
 * acts in support on that student's record; anyone else signed in, for themselves. Null: nobody is
 * asking. No other module constructs an `Actor` (tests/server/auth/access.test.ts).
 */
export function actingOf(asking: Asking): Acting | null {
  const { delegating, auth, viewing } = asking;
  if (delegating) {
    const { student, delegate, signedInAt, session } = delegating;
    return { subject: student, actor: { capacity: 'delegate', delegate }, signedInAt, session };
  }
  if (!auth) return null;
  const { user } = auth;
  const asked = { signedInAt: auth.session.createdAt, session: auth.session.idHash };
  if (viewing) return { subject: viewing.subject, actor: { capacity: 'support', user }, ...asked };
  return { subject: user, actor: { capacity: 'self', user }, ...asked };
}

/**
 * The campus account of an actor on a route only campus accounts reach (the admin's, a preview's):
 * a delegate, who has none, is refused there before (their route declarations); this says so.
 */
export function accountOf(actor: Actor): UserRecord {
  if (actor.capacity === 'delegate') throw new Error('a delegate has no campus account');
  return actor.user;
}

/** How an action's record names who acted: the account, or the delegate by their own id and email. */
export function actorRecordOf(actor: Actor): { userId: number | null; username: string } {
  return actor.capacity === 'delegate'
    ? { userId: null, username: actor.delegate.email }
    : { userId: actor.user.id, username: actor.user.username };
}

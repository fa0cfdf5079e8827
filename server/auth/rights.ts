import type { Right } from '../../contract/grants.schema.js';
import type { Actor } from './acting.js';
import { categoriesOfAccess } from './access.js';
import type { Access } from './access.js';
import type { AuthGroupsConfig } from '../config.js';
import type { Database } from '../db/database.js';
import type { GrantsRepository } from '../db/repositories/grants.repository.js';
import type { UserRecord, UsersRepository } from '../db/repositories/users.repository.js';
import { repositoriesOn } from '../db/repositories.js';

export interface Rights {
  is_staff: boolean;
  is_superuser: boolean;
  can_use_demo: boolean;
  /** Issue 73: may view the portal as a student, read only (a grant, never a group). */
  can_support: boolean;
}

/** The stored rights of a person (a user record, a persona): what every decision below reads. */
export type RightsHolder = Pick<
  UserRecord,
  'is_staff' | 'is_superuser' | 'can_use_demo' | 'has_provisional_account'
> &
  Partial<Pick<UserRecord, 'can_support'>>;

/**
 * The flag of the user record a right sets (a grant sets it, a revocation clears it); a right with
 * none (`ferpa`) is read from the grants where it is asked.
 */
export const RIGHT_FLAG: Partial<Record<Right, keyof Rights>> = {
  staff: 'is_staff',
  superuser: 'is_superuser',
  demo: 'can_use_demo',
  support: 'can_support',
};

/** A superuser: grants and revokes rights, and is staff too. */
export const isSuperuser = (user: RightsHolder) => user.is_superuser;

/** portal.md §6: staff (or a superuser) use the admin, the footer's admin link and staff-only features. */
export const isStaff = (user: RightsHolder) => user.is_staff || user.is_superuser;

/**
 * Issue 73: may view the portal as a student (`/admin/view-as`), read only: the Support right, or a
 * superuser (who alone may view as a student the records mark confidential).
 */
export const canSupport = (user: RightsHolder) => user.can_support === true || user.is_superuser;

/**
 * An admin address's level: staff, superuser (the grants page and API), or support (the view-as
 * page, issue 73: the Support right, staff or not, or a superuser).
 */
export type AdminLevel = 'staff' | 'superuser' | 'support';

/** Whether the person holds an admin level. */
export const holds = (user: RightsHolder, level: AdminLevel) =>
  level === 'superuser'
    ? isSuperuser(user)
    : level === 'support'
      ? canSupport(user)
      : isStaff(user);

/**
 * Issue 73: staff with the `ferpa` right (or a superuser) see and revoke the access students grant,
 * with the consent records (`/admin/consents`).
 */
export const mayManageConsents = (user: RightsHolder, grants: ReadonlySet<Right>) =>
  isSuperuser(user) || (isStaff(user) && grants.has('ferpa'));

/** portal.md §6: the demo toggle is shown only to users whose can_use_demo is true; so is demo data. */
export const canUseDemo = (user: RightsHolder) => user.can_use_demo;

/** portal.md §6: staff users may preview unpublished pages (published=all), tasks and other roles' views. */
export const mayPreviewUnpublished = (user: RightsHolder) => isStaff(user);

/** portal.md §6: superusers skip the role refresh. */
export const skipsRoleRefresh = (user: RightsHolder) => isSuperuser(user);

/** A provisional account may sign in, but uses nothing until its owner logs in with the real one. */
export const isProvisional = (user: RightsHolder) => user.has_provisional_account;

/**
 * Whether `actor` may make a change to the records of `subject` on a route declaring `access`
 * (issue 88, auth/access.ts): the person on their own record where the route lets self write; a
 * delegate only where the route lets a delegate pay, in a category the student shared with them;
 * support never. A route no person's capacity reaches (`public`, `publisher`) is not asked. The
 * authenticated scope asks it before every change (plugins/authenticated.ts).
 */
/**
 * Whether `actor` may read a route (issue 88), judged against its declaration: the person on their
 * own record where `self` is declared, support only where it says `support: 'read'`. A delegate's
 * reads were judged already, by the categories the route shows (plugins/delegate-guard.ts); a public
 * or publisher's route is not a capacity's.
 */
export function mayRead(actor: Actor, access: Access): boolean {
  if (typeof access === 'string') return true;
  switch (actor.capacity) {
    case 'self':
      return access.self !== null;
    case 'support':
      return access.support === 'read';
    case 'delegate':
      return access.delegate !== null;
  }
}

export function mayWrite(actor: Actor, subject: { id: number }, access: Access): boolean {
  if (typeof access === 'string') return false;
  switch (actor.capacity) {
    case 'self':
      return access.self === 'write' && actor.user.id === subject.id;
    case 'support':
      return false;
    case 'delegate': {
      const shared = actor.delegate.categories;
      return (
        access.delegate?.may === 'pay' &&
        actor.delegate.student === subject.id &&
        categoriesOfAccess(access).some((category) => shared.includes(category))
      );
    }
  }
}

/**
 * What someone may do in the portal: a right comes from one of the provider's groups configured for it
 * or from a grant in the database, never from a username or the SIS. A superuser is staff too.
 * Nobody gets anything by default.
 */
export function rightsOf(
  groups: readonly string[],
  grants: ReadonlySet<Right>,
  cfg: AuthGroupsConfig,
): Rights {
  const inGroup = (names: readonly string[]) => names.some((name) => groups.includes(name));
  const is_superuser = grants.has('superuser') || inGroup(cfg.superuser);
  return {
    is_superuser,
    is_staff: is_superuser || grants.has('staff') || inGroup(cfg.staff),
    can_use_demo: grants.has('demo') || inGroup(cfg.demo),
    can_support: grants.has('support'),
  };
}

/** A grant change refused: the actor is no longer a superuser. */
export class NotSuperuserError extends Error {
  override name = 'NotSuperuserError';
  readonly statusCode = 403;
  constructor() {
    super('You do not have permission to perform this action.');
  }
}

/** The repositories a grant change works with, inside its transaction. */
export interface RightsWork {
  grants: GrantsRepository;
  users: UsersRepository;
}

/**
 * Changes rights as `actor` (a grant, a revocation): one transaction that first reads the actor's
 * superuser right again and refuses (NotSuperuserError, 403) unless the actor still holds it, then
 * runs `work` with repositories bound to the transaction. On PostgreSQL it locks the actor's and the
 * person's user rows first, in id order (two changes never wait on each other); SQLite runs one
 * transaction at a time. So a superuser granting itself back while being revoked either commits
 * before the revocation, which then removes the grant, or waits for it and is refused: the revocation
 * wins, whatever rights the actor's session was checked with.
 */
export async function changeRightsAs<T>(
  database: Database,
  actor: { id: number },
  username: string,
  work: (repos: RightsWork) => Promise<T>,
): Promise<T> {
  return database.db.transaction().execute(async (trx) => {
    const { grants, users } = repositoriesOn(trx, database.dialect);
    const rows = await users.superuserFlags(actor.id, username, {
      forUpdate: database.dialect === 'postgres',
    });
    const me = rows.find((row) => row.id === actor.id);
    if (me?.is_superuser !== 1) throw new NotSuperuserError();
    return work({ grants, users });
  });
}

import { randomBytes } from 'node:crypto';
import { DELEGATIONS_MAX, SIGN_IN_LINK_MINUTES } from '../../contract/delegates.schema.js';
import type { Repositories } from '../db/repositories.js';
import type { DelegationWithDelegate } from '../db/repositories/delegations.repository.js';
import type { UserRecord } from '../db/repositories/users.repository.js';
import { storedLanguage } from '../i18n/catalogue.js';
import { AUTOMATIC_HEADERS } from '../notify/mailer.js';
import { signInLinkEmail } from './emails.js';
import type { DelegateDeps } from './grants.js';
import { isActive } from './rules.js';
import { DELEGATE_SESSION_HOURS, newDelegateToken, tokenHash } from './tokens.js';

/**
 * A delegate's sign-in (issue 73): delegates are not campus accounts. The invitation's link is used
 * once to accept; then, and whenever they ask, a sign-in link (15 minutes, used once) goes to the
 * address the student named, and using it starts a delegate session.
 */

/** Sends a sign-in link to the delegate with this address when one of their grants is active. */
export async function sendSignInLink(
  deps: DelegateDeps,
  email: string,
  now: Date,
): Promise<boolean> {
  const delegate = await deps.repos.delegations.delegateByEmail(email);
  if (!delegate) return false;
  const grants = await deps.repos.delegations.activeOfDelegate(delegate.id, now, 1);
  if (!grants.some((g) => g.accepted_at !== null && isActive(g, now))) return false;
  const token = newDelegateToken();
  const expires = new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60 * 1000);
  await deps.repos.delegateTokens.issue(tokenHash(token), 'sign-in', delegate.id, null, expires);
  const language = storedLanguage(delegate.language);
  const rendered = signInLinkEmail(`${deps.origin}/auth/delegate/sign-in?token=${token}`, language);
  await deps.mailer.send(
    {
      jobId: null,
      to: delegate.email,
      subject: rendered.subject,
      topic: 'delegates',
      text: rendered.text,
      html: rendered.html,
      headers: { ...AUTOMATIC_HEADERS, 'Content-Language': language },
    },
    now,
  );
  return true;
}

/** Uses an invitation: the grant is accepted and a sign-in link is emailed. False: not usable. */
export async function acceptInvitation(deps: DelegateDeps, token: string, now: Date) {
  const used = await deps.repos.delegateTokens.use(tokenHash(token), 'invite', now);
  if (!used || used.delegation_id === null) return false;
  const grant = await deps.repos.delegations.find(used.delegation_id);
  if (!grant || !isActive(grant, now)) return false;
  await deps.repos.delegations.accept(grant.id, now);
  return sendSignInLink(deps, grant.delegate_email, now);
}

/**
 * What an invitation offers, read without using it (its page says what accepting does, issue 87):
 * the grant, active now, and its student's name; undefined when the invitation cannot be used.
 */
export async function invitationOf(
  repos: Pick<Repositories, 'delegations' | 'delegateTokens' | 'users'>,
  token: string,
  now: Date,
) {
  const invitation = await repos.delegateTokens.unused(tokenHash(token), 'invite', now);
  if (!invitation || invitation.delegation_id === null) return undefined;
  const grant = await repos.delegations.find(invitation.delegation_id);
  if (!grant || !isActive(grant, now)) return undefined;
  const student = await repos.users.findById(grant.student_id);
  if (!student) return undefined;
  return { grant, studentName: `${student.first_name} ${student.last_name}`.trim() };
}

/** Uses a sign-in link: a new delegate session's id, or undefined when the link is not usable. */
export async function signInDelegate(deps: DelegateDeps, token: string, now: Date) {
  const used = await deps.repos.delegateTokens.use(tokenHash(token), 'sign-in', now);
  if (!used) return undefined;
  return startDelegateSession(deps.repos, used.delegate_id, now);
}

/**
 * Starts a session for a delegate who proved who they are (an emailed link, a passkey): a new
 * session's id, or undefined when none of their grants is accepted and active now.
 */
export async function startDelegateSession(
  repos: Pick<Repositories, 'delegations' | 'delegateTokens' | 'audit'>,
  delegateId: number,
  now: Date,
): Promise<string | undefined> {
  const grants = await repos.delegations.activeOfDelegate(delegateId, now, DELEGATIONS_MAX);
  const active = grants.filter((g) => g.accepted_at !== null && isActive(g, now));
  if (active.length === 0) return undefined;
  const sessionId = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + DELEGATE_SESSION_HOURS * 60 * 60 * 1000);
  // With one student the choice is made; with two or more the delegate chooses whom to view.
  const chosen = active.length === 1 ? (active[0]?.id ?? null) : null;
  await repos.delegateTokens.startSession(tokenHash(sessionId), delegateId, chosen, now, expires);
  // Audited as a campus sign-in is, the delegate the actor (issue 88).
  await repos.audit.record({
    at: now,
    userId: null,
    username: active[0]?.delegate_email ?? null,
    action: 'delegate.signIn',
    detail: { delegate: delegateId, grants: active.map((g) => g.id).join(',') },
    address: null,
  });
  return sessionId;
}

/** A delegate's request as the store says now: who, their grants, the one being viewed. */
export interface DelegateAccess {
  idHash: string;
  delegateId: number;
  /** When the delegate's session began (their sign-in). */
  signedInAt: Date;
  grants: DelegationWithDelegate[];
  /** The grant viewed, active now, and its student; undefined when none is chosen or it ended. */
  viewing?: { grant: DelegationWithDelegate; student: UserRecord };
}

/**
 * Reads a delegate's session and grants from the store on every request, so a revoked or expired grant
 * is refused on the next request on every process (no memo, no cache).
 */
export async function delegateAccess(
  repos: Pick<Repositories, 'delegations' | 'delegateTokens' | 'users'>,
  sessionId: string,
  now: Date,
): Promise<DelegateAccess | undefined> {
  const idHash = tokenHash(sessionId);
  const session = await repos.delegateTokens.session(idHash, now);
  if (!session) return undefined;
  // Issue 87: the newest DELEGATIONS_MAX active grants, cut in the query (the shares list's ceiling).
  const read = await repos.delegations.activeOfDelegate(session.delegate_id, now, DELEGATIONS_MAX);
  const grants = read.filter((g) => g.accepted_at !== null && isActive(g, now));
  const access: DelegateAccess = {
    idHash,
    delegateId: session.delegate_id,
    signedInAt: new Date(session.created_at),
    grants,
  };
  const grant = grants.find((g) => g.id === session.delegation_id);
  if (!grant) return access;
  const student = await repos.users.findById(grant.student_id);
  return student ? { ...access, viewing: { grant, student } } : access;
}

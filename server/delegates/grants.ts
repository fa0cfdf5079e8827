import type { DelegationChange, DelegationInvite } from '../../contract/delegates.schema.js';
import { INVITE_DAYS } from '../../contract/delegates.schema.js';
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../contract/language.schema.js';
import type { Repositories } from '../db/repositories.js';
import type { DelegationWithDelegate } from '../db/repositories/delegations.repository.js';
import type { UserRecord } from '../db/repositories/users.repository.js';
import { storedLanguage } from '../i18n/catalogue.js';
import type { Mailer } from '../notify/mailer.js';
import { AUTOMATIC_HEADERS } from '../notify/mailer.js';
import type { RenderedEmail } from '../notify/email-frame.js';
import { delegateEmail, studentEmail, type GrantEvent } from './emails.js';
import { categoriesOf, grantEnd, storedCategories } from './rules.js';
import { newDelegateToken, tokenHash } from './tokens.js';

/**
 * What the grant flows work with: the store, the mailer, the campus clock's zone, the public origin,
 * and the university's name in each language (every email to a delegate names it, issue 87).
 */
export interface DelegateDeps {
  repos: Pick<Repositories, 'delegations' | 'delegateTokens' | 'users' | 'preferences' | 'audit'>;
  mailer: Mailer;
  zone: string;
  origin: string;
  universities: Record<Language, string>;
  /** The campus takes payments in the portal (PAYMENT_PROVIDER other than `link`). */
  paysHere: boolean;
}

/** Why a grant or a change was refused: the end date is past or more than a year ahead. */
export class GrantEndError extends Error {
  override name = 'GrantEndError';
  readonly statusCode = 400;
  constructor() {
    super('until: the end must be after today and at most one year ahead.');
  }
}

const nameOf = (user: Pick<UserRecord, 'first_name' | 'last_name'>) =>
  `${user.first_name} ${user.last_name}`.trim();

/** Sends one grant (or payment) email now (the outbox when no SMTP server is configured). */
export async function send(
  deps: DelegateDeps,
  to: string,
  email: RenderedEmail,
  language: Language,
  now: Date,
) {
  await deps.mailer.send(
    {
      jobId: null,
      to,
      subject: email.subject,
      topic: 'delegates',
      text: email.text,
      html: email.html,
      headers: { ...AUTOMATIC_HEADERS, 'Content-Language': language },
    },
    now,
  );
}

/** Tells both sides of a grant event, each in their language. */
async function tellBoth(
  deps: DelegateDeps,
  event: GrantEvent,
  grant: DelegationWithDelegate,
  student: UserRecord,
  now: Date,
  delegateLink: string,
) {
  const facts = {
    studentName: nameOf(student),
    delegateName: grant.delegate_name,
    categories: categoriesOf(grant.categories),
    purpose: grant.purpose,
    endsAt: new Date(grant.ends_at),
    zone: deps.zone,
  };
  const delegateLanguage = storedLanguage(grant.delegate_language);
  const studentLanguage = storedLanguage(await deps.repos.preferences.languageOf(student.id));
  await send(
    deps,
    grant.delegate_email,
    delegateEmail(
      event,
      {
        ...facts,
        link: delegateLink,
        university: deps.universities[delegateLanguage],
        paysHere: deps.paysHere,
      },
      delegateLanguage,
    ),
    delegateLanguage,
    now,
  );
  const account = `${deps.origin}/account#people-you-share-with`;
  await send(
    deps,
    student.email,
    studentEmail(event, { ...facts, link: account }, studentLanguage),
    studentLanguage,
    now,
  );
}

/** Writes the grant's consent record as it now stands: who, what, why, to whom, from, until, when. */
async function sign(
  deps: DelegateDeps,
  grant: DelegationWithDelegate,
  student: UserRecord,
  change: 'grant' | 'change' | 'revoke',
  signedBy: string,
  now: Date,
) {
  await deps.repos.delegations.sign({
    delegation_id: grant.id,
    change,
    student_username: student.username,
    student_name: nameOf(student),
    delegate_name: grant.delegate_name,
    delegate_email: grant.delegate_email,
    categories: grant.categories,
    purpose: grant.purpose,
    starts_at: grant.starts_at,
    ends_at: grant.ends_at,
    signed_by: signedBy,
    signed_at: now.toISOString(),
  });
}

/** The delegate's page and sign-in: where their emails send them. */
const delegateHome = (deps: DelegateDeps) => `${deps.origin}/auth/delegate`;

/**
 * A student shares part of the record (issue 73): the grant, its signed consent record, a single-use
 * invitation (7 days) to the delegate, and an email to each side. Answers the grant's id.
 */
export async function invite(
  deps: DelegateDeps,
  student: UserRecord,
  body: DelegationInvite,
  now: Date,
) {
  const end = grantEnd(body.until, now, deps.zone);
  if (!end) throw new GrantEndError();
  const studentLanguage = storedLanguage(await deps.repos.preferences.languageOf(student.id));
  const delegate = await deps.repos.delegations.delegateFor(
    body.email,
    body.name,
    body.language ?? studentLanguage,
    now,
  );
  const id = await deps.repos.delegations.add(
    {
      student_id: student.id,
      delegate_id: delegate.id,
      categories: storedCategories(body.categories),
      purpose: body.purpose,
      starts_at: now.toISOString(),
      ends_at: end.toISOString(),
    },
    now,
  );
  const grant = await deps.repos.delegations.find(id);
  if (!grant) throw new Error(`grant ${id} could not be read back`);
  await sign(deps, grant, student, 'grant', student.username, now);
  const token = newDelegateToken();
  const expires = new Date(now.getTime() + INVITE_DAYS * 24 * 60 * 60 * 1000);
  await deps.repos.delegateTokens.issue(tokenHash(token), 'invite', delegate.id, id, expires);
  const accept = `${delegateHome(deps)}/accept?token=${token}`;
  await tellBoth(deps, 'grant', grant, student, now, accept);
  return id;
}

/** A student changes a grant: a new consent record, an email to each side. */
export async function change(
  deps: DelegateDeps,
  student: UserRecord,
  grant: DelegationWithDelegate,
  body: DelegationChange,
  now: Date,
) {
  const end =
    body.until === undefined ? new Date(grant.ends_at) : grantEnd(body.until, now, deps.zone);
  if (!end) throw new GrantEndError();
  const categories = body.categories ? storedCategories(body.categories) : grant.categories;
  const purpose = body.purpose ?? grant.purpose;
  await deps.repos.delegations.change(
    grant.id,
    { categories, purpose, ends_at: end.toISOString() },
    now,
  );
  const changed = { ...grant, categories, purpose, ends_at: end.toISOString() };
  await sign(deps, changed, student, 'change', student.username, now);
  await tellBoth(deps, 'change', changed, student, now, delegateHome(deps));
}

/**
 * Revokes a grant (its student, or staff with the FERPA right): refused from the next request on, on
 * every process (the delegate's access reads the store each request); its unused invitation ends.
 */
export async function revoke(
  deps: DelegateDeps,
  grant: DelegationWithDelegate,
  by: string,
  now: Date,
) {
  if (!(await deps.repos.delegations.revoke(grant.id, by, now))) return false;
  await deps.repos.delegateTokens.withdraw(grant.id, now);
  const student = await deps.repos.users.findById(grant.student_id);
  if (!student) return true;
  await sign(deps, grant, student, 'revoke', by, now);
  await tellBoth(deps, 'revoke', grant, student, now, delegateHome(deps));
  return true;
}

/** Tells both sides of each grant that ended by its date since the last look; answers how many. */
export async function tellEnded(deps: DelegateDeps, now: Date): Promise<number> {
  let told = 0;
  for (const grant of await deps.repos.delegations.endedUntold(now)) {
    if (!(await deps.repos.delegations.markExpiryTold(grant.id, now))) continue;
    const student = await deps.repos.users.findById(grant.student_id);
    if (student) await tellBoth(deps, 'expiry', grant, student, now, delegateHome(deps));
    told += 1;
  }
  return told;
}

/** What the grant flows (delegates/grants.ts) need of the app. */
export const delegateDeps = (app: FastifyInstance): DelegateDeps => ({
  repos: app.repositories,
  mailer: app.notify.mailer,
  zone: app.config.campus.timeZone,
  origin: app.config.publicOrigin,
  universities: {
    en: app.config.campuses.en.universityName,
    es: app.config.campuses.es.universityName,
  },
  paysHere: app.config.payment.kind !== 'link',
});

import { z } from 'zod';

/**
 * Access a student grants (issue 73, FERPA 34 CFR 99.30): the parts of the record a student may share
 * with a person they name. Nothing else is ever shown to that person: no student number, birth date
 * or address (the profile reads are in no category).
 */
export const DELEGATE_CATEGORIES = ['finances', 'academics', 'next-steps', 'messages'] as const;
export const delegateCategorySchema = /* @__PURE__ */ z.enum(DELEGATE_CATEGORIES);
export type DelegateCategory = z.infer<typeof delegateCategorySchema>;

/** A grant lasts at most a year from the day it is signed. */
export const MAX_GRANT_DAYS = 366;
/** The single-use invitation link's life. */
export const INVITE_DAYS = 7;
/** The single-use sign-in link's life. */
export const SIGN_IN_LINK_MINUTES = 15;
/** A student confirms a grant or a change by signing in again when their session is older. */
export const REAUTH_MINUTES = 10;

/** The 403 detail a grant or a change gets when the session is older than REAUTH_MINUTES. */
export const REAUTH_DETAIL = 'Sign in again to confirm: your sign-in is older than 10 minutes.';
/** The 403 detail of a read a delegate was not granted (or whose grant ended). */
export const NOT_SHARED_DETAIL = 'This part of the record was not shared with you.';

const purposeSchema = /* @__PURE__ */ z.string().trim().min(1).max(200);
const categoriesSchema = /* @__PURE__ */ z.array(delegateCategorySchema).min(1).max(4);
const dateSchema = /* @__PURE__ */ z.iso.date();

/** `POST /api/delegations`: invite a person. `until` (a date) defaults to the end of the term. */
export const delegationInviteSchema = /* @__PURE__ */ z.strictObject({
  name: z.string().trim().min(1).max(120),
  email: z.email().max(254),
  categories: categoriesSchema,
  purpose: purposeSchema,
  until: dateSchema.optional(),
  language: z.enum(['en', 'es']).optional(),
});
export type DelegationInvite = z.infer<typeof delegationInviteSchema>;

/** `PATCH /api/delegations/{id}`: change what is shared, why or until when. */
export const delegationChangeSchema = /* @__PURE__ */ z.strictObject({
  categories: categoriesSchema.optional(),
  purpose: purposeSchema.optional(),
  until: dateSchema.optional(),
});
export type DelegationChange = z.infer<typeof delegationChangeSchema>;

export const delegationParamsSchema = /* @__PURE__ */ z.object({ id: z.coerce.number().int() });

/**
 * One view a delegate made: which category, when. With `paid_cents`, a payment the delegate started
 * from Finances (issue 89, "Families pay"): its amount, and when (`viewed_at`).
 */
export const delegateViewSchema = /* @__PURE__ */ z.object({
  category: delegateCategorySchema,
  viewed_at: z.iso.datetime(),
  paid_cents: z.number().int().positive().optional(),
});

/**
 * Issue 87: the most grants a student's list answers (the newest, revoked and expired ones too), the
 * most views each grant shows (the newest), and the most consent records a grant's page prints (the
 * latest, oldest first). Lists a person grows slowly, bounded by nature; the ceilings are documented.
 */
export const DELEGATIONS_MAX = 100;
export const DELEGATION_VIEWS_MAX = 20;
export const CONSENTS_MAX = 200;

/** One grant as its student (and the FERPA admin) sees it. */
export const delegationSchema = /* @__PURE__ */ z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  categories: z.array(delegateCategorySchema).max(DELEGATE_CATEGORIES.length),
  purpose: z.string(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  accepted: z.boolean(),
  state: z.enum(['active', 'revoked', 'expired']),
  views: z.array(delegateViewSchema).max(DELEGATION_VIEWS_MAX),
});
export type Delegation = z.infer<typeof delegationSchema>;
export const delegationListSchema = /* @__PURE__ */ z.array(delegationSchema).max(DELEGATIONS_MAX);

/** A signed consent record, as written: who, what, why, to whom, from, until, when signed. */
export const consentRecordSchema = /* @__PURE__ */ z.object({
  id: z.number(),
  change: z.enum(['grant', 'change', 'revoke']),
  student_name: z.string(),
  student_username: z.string(),
  delegate_name: z.string(),
  delegate_email: z.string(),
  categories: z.array(delegateCategorySchema).max(DELEGATE_CATEGORIES.length),
  purpose: z.string(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  signed_by: z.string(),
  signed_at: z.iso.datetime(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;
export const consentRecordListSchema = /* @__PURE__ */ z
  .array(consentRecordSchema)
  .max(CONSENTS_MAX);

/** `POST /auth/delegate/accept` and `/auth/delegate/sign-in`: the emailed link's token. */
export const delegateTokenBodySchema = /* @__PURE__ */ z.strictObject({
  token: z.string().min(20).max(100),
});
/** `POST /auth/delegate/link`: ask for a new sign-in link. */
export const delegateLinkBodySchema = /* @__PURE__ */ z.strictObject({ email: z.email().max(254) });
/** `POST /auth/delegate/view`: whose shared record to view. */
export const delegateViewBodySchema = /* @__PURE__ */ z.strictObject({
  delegation: z.coerce.number().int(),
});

/** One student's share with the delegate: whose, what and until when. */
export const delegateShareSchema = /* @__PURE__ */ z.object({
  delegation: z.number(),
  student_name: z.string(),
  categories: z.array(delegateCategorySchema).max(DELEGATE_CATEGORIES.length),
  ends_at: z.iso.datetime(),
});

/** `GET /auth/delegate/me`: the signed-in delegate, the students who share with them, the chosen one. */
export const delegateMeSchema = /* @__PURE__ */ z.object({
  name: z.string(),
  email: z.string(),
  shares: z.array(delegateShareSchema).max(DELEGATIONS_MAX),
  viewing: z.number().nullable(),
});
export type DelegateMe = z.infer<typeof delegateMeSchema>;
export type DelegateShare = z.infer<typeof delegateShareSchema>;

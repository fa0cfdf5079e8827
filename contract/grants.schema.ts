import { z } from 'zod';

/**
 * Bidirectional controls (embeddings, overrides, isolates, LRM/RLM, the Arabic letter mark): in a
 * username they make one name display as another (`\u202E` reverses what follows), so no username
 * holds one.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;

/**
 * A university username as the identity provider and the SIS know it: no spaces, no slashes, no
 * control characters (PostgreSQL's text cannot hold a NUL) nor bidirectional ones, at most 150
 * characters (the same rule sign-in applies to the provider's username claim).
 */
export const usernameSchema = /* @__PURE__ */ z
  .string()
  .trim()
  .min(1)
  .max(150)
  .regex(/^[^\s/\\\p{Cc}]+$/u, 'must be a username: no spaces, slashes or control characters')
  .refine((name) => !BIDI_CONTROLS.test(name), {
    error: 'must be a username: no bidirectional control characters',
  });

/**
 * What a grant gives: `staff` (the admin, the build hash), `superuser` (staff, and managing grants),
 * `demo` (may turn on demo mode), `support` (may view the portal as a student, read only: issue 73;
 * a grant only, no sign-in group gives it), `ferpa` (sees and revokes the access students grant, with
 * their consent records, in the admin: issue 73). Grants add to what the identity provider's groups give.
 */
export const rightSchema = /* @__PURE__ */ z.enum([
  'staff',
  'superuser',
  'demo',
  'support',
  'ferpa',
]);
export type Right = z.infer<typeof rightSchema>;

/** One grant, as `GET /api/admin/grants` lists it. */
export const grantSchema = /* @__PURE__ */ z.object({
  username: z.string(),
  right: rightSchema,
  granted_by: z.string().nullable(),
  granted_at: z.iso.datetime(),
  /** A Support grant's office, the one students are told looked; null: VIEW_AS_OFFICE. */
  office: z.string().nullable(),
});
export type Grant = z.infer<typeof grantSchema>;
/**
 * Issue 87: the most grants `GET /api/admin/grants` lists (by username, then right); past it, ask for
 * one person's (`username`). Rights are given by hand to staff: a ceiling, not a page.
 */
export const GRANTS_MAX = 1000;
export const grantListSchema = /* @__PURE__ */ z.array(grantSchema).max(GRANTS_MAX);

/** `PUT|DELETE /api/admin/grants/{username}/{right}`. */
export const grantParamsSchema = /* @__PURE__ */ z.object({
  username: usernameSchema,
  right: rightSchema,
});
export type GrantParams = z.infer<typeof grantParamsSchema>;

/** `GET /api/admin/grants?username=`: only that person's grants. */
export const grantQuerySchema = /* @__PURE__ */ z.object({ username: usernameSchema.optional() });

import { z } from 'zod';
import { preferencesSchema } from './preferences.schema.js';
import { otherRolesSchema, roleSchema } from './roles.schema.js';
import { viewingAsSchema } from './view-as.schema.js';

/** portal.md §3 User: the answer of `GET /api/users/user`. */
export const userSchema = /* @__PURE__ */ z.object({
  first_name: z.string(),
  last_name: z.string(),
  photo: z.string().nullable(),
  nine_number: z.string(),
  email: z.string(),
  username: z.string(),
  primary_role: roleSchema,
  other_roles: otherRolesSchema,
  is_authenticated: z.boolean(),
  is_staff: z.boolean(),
  is_superuser: z.boolean(),
  auth_token: z.string(),
  initialized: z.boolean(),
  can_use_demo: z.boolean(),
  has_provisional_account: z.boolean(),
  financial_dashboard_access: z.boolean(),
  profile_pk: z.number().int(),
  role_acknowledged_on: z.string().nullable(),
  preferences: preferencesSchema,
  /** Issue 73: a support staff member's view as this person, read only; null: their own portal. */
  view_as: viewingAsSchema.nullable().default(null),
});
export type User = z.infer<typeof userSchema>;

/** Who a person is and what they may do: the user record's fields the server keeps for a person. */
export type PersonFields = Pick<
  User,
  | 'username'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'nine_number'
  | 'primary_role'
  | 'other_roles'
  | 'is_staff'
  | 'is_superuser'
  | 'can_use_demo'
  | 'financial_dashboard_access'
  | 'has_provisional_account'
>;

/** The `detail` that flags a provisional account on a refused user call. */
export const PROVISIONAL_DETAIL = 'has_provisional_account';

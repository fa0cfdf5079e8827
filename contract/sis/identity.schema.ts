import { z } from 'zod';
import { otherRolesSchema, roleSchema } from '../roles.schema.js';

/**
 * `GET <sis>/students/<username>/identity`: who the university's records say a person is, read at every
 * sign-in. It carries no staff or superuser right: those come from the identity provider's groups and
 * the portal's own grants (contract/grants.schema.ts).
 */
export const sisIdentitySchema = /* @__PURE__ */ z.object({
  nine_number: z.string().max(32),
  primary_role: roleSchema,
  other_roles: otherRolesSchema,
  financial_dashboard_access: z.boolean(),
  has_provisional_account: z.boolean(),
  /**
   * Issue 73: the records mark the person confidential (a FERPA directory-information block): only a
   * superuser may view the portal as them. Absent: not marked.
   */
  confidential: z.boolean().optional(),
});
export type SisIdentity = z.infer<typeof sisIdentitySchema>;

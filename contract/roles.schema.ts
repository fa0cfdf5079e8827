import { z } from 'zod';

/** portal.md §6: student, staff, faculty, emeritus, advisor, plus student worker. */
export const roleSchema = /* @__PURE__ */ z.enum([
  'student',
  'staff',
  'faculty',
  'emeritus',
  'advisor',
  'student_worker',
]);
export type Role = z.infer<typeof roleSchema>;

/** The roles that come with a Next Steps list: a student worker is a student too. */
export const STUDENT_ROLES = ['student', 'student_worker'] as const satisfies readonly Role[];

/** A person's other roles: each at most once, so no more than there are roles (issue 87). */
export const otherRolesSchema = /* @__PURE__ */ z.array(roleSchema).max(roleSchema.options.length);

export const rolesSchema = /* @__PURE__ */ z.object({
  primary_role: roleSchema,
  other_roles: otherRolesSchema,
});
export type Roles = z.infer<typeof rolesSchema>;

/** The roles with each other role once, in their first order: what the server stores and answers. */
export const distinctRoles = <R extends Pick<Roles, 'other_roles'>>(roles: R): R => ({
  ...roles,
  other_roles: [...new Set(roles.other_roles)],
});

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

export const rolesSchema = /* @__PURE__ */ z.object({
  primary_role: roleSchema,
  other_roles: z.array(roleSchema),
});
export type Roles = z.infer<typeof rolesSchema>;

import { z } from 'zod';

/** The people of the embedded default (sample SIS and demo sign-in). */
export const personaIdSchema = /* @__PURE__ */ z.enum([
  'student',
  'new-student',
  'staff',
  'faculty',
  'advisor',
  'emeritus',
  'student-worker',
  'provisional',
]);
export type PersonaId = z.infer<typeof personaIdSchema>;

/** The form the demo sign-in page posts to `/auth/demo-sign-in`; `csrf` is the page's sign-in token. */
export const demoSignInBodySchema = /* @__PURE__ */ z.strictObject({
  persona: personaIdSchema,
  next: z.string().max(2048).optional(),
  csrf: z.string().max(256),
});
export type DemoSignInBody = z.infer<typeof demoSignInBodySchema>;

export const loginQuerySchema = /* @__PURE__ */ z.object({ next: z.string().max(2048).optional() });

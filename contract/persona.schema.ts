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

/**
 * The form the demo sign-in page posts to `/auth/demo-sign-in`; `csrf` is the page's sign-in token;
 * `shared` is "This is a shared computer" ticked (nothing is kept offline for the session).
 */
export const demoSignInBodySchema = /* @__PURE__ */ z.strictObject({
  persona: personaIdSchema,
  next: z.string().max(2048).optional(),
  csrf: z.string().max(256),
  shared: z.literal('1').optional(),
});
export type DemoSignInBody = z.infer<typeof demoSignInBodySchema>;

/**
 * `/auth/login`'s and `/auth/sign-in`'s query: where to go once signed in, and, with a provider's
 * sign-in, `shared` ("This is a shared computer" ticked on the portal's page before it).
 */
export const loginQuerySchema = /* @__PURE__ */ z.object({
  next: z.string().max(2048).optional(),
  shared: z.literal('1').optional(),
});

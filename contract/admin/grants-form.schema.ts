import { z } from 'zod';
import { rightSchema, usernameSchema } from '../grants.schema.js';

/** `POST /admin/grants` and `POST /admin/grants/revoke`: the admin page's grant and revoke forms. */
export const adminGrantInputSchema = /* @__PURE__ */ z.strictObject({
  username: usernameSchema,
  right: rightSchema,
  /** A Support grant's office, told to the students viewed ("Academic Advising"); optional. */
  office: z.string().trim().max(80, 'Keep the office under 80 characters.').nullable().optional(),
});
export type AdminGrantInput = z.infer<typeof adminGrantInputSchema>;

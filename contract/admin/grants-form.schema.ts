import { z } from 'zod';
import { rightSchema, usernameSchema } from '../grants.schema.js';

/** `POST /admin/grants` and `POST /admin/grants/revoke`: the admin page's grant and revoke forms. */
export const adminGrantInputSchema = /* @__PURE__ */ z.strictObject({
  username: usernameSchema,
  right: rightSchema,
});
export type AdminGrantInput = z.infer<typeof adminGrantInputSchema>;

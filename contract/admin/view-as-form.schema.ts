import { z } from 'zod';
import { usernameSchema } from '../grants.schema.js';

/** `GET /admin/view-as?q=`: a username, a student number or a part of a name; `person`: the one chosen. */
export const viewAsFindSchema = /* @__PURE__ */ z.object({
  q: z.string().trim().max(150).optional(),
  /** The person chosen from the results: the page asks for the reason and ticket. */
  person: usernameSchema.optional(),
  done: z.enum(['ended']).optional(),
});

/** `POST /admin/view-as`: whom to view as, why (required), and the help desk's ticket, if any. */
export const viewAsStartSchema = /* @__PURE__ */ z.strictObject({
  username: usernameSchema,
  reason: z
    .string()
    .trim()
    .min(3, 'Say why you need to see this portal.')
    .max(500, 'At most 500 characters.'),
  ticket: z.string().trim().max(64, 'At most 64 characters.').nullable(),
});
export type ViewAsStart = z.infer<typeof viewAsStartSchema>;

import { z } from 'zod';
import { BIDI_CONTROLS } from '../grants.schema.js';
import { instantInput } from '../instant.schema.js';
import { linkInputSchema } from '../link.rules.js';
import { roleSchema } from '../roles.schema.js';
import { adminTextSchema } from './admin.schema.js';
import { needsSpanishTitle, spanishFields } from './translation.schema.js';

/**
 * `POST /admin/messages` (portal.md §3 Messages): to one person (username), everyone holding a role, or
 * everyone; a banner or not; an optional action link; an optional expiry (ISO-8601 UTC).
 */
export const adminMessageInputSchema = /* @__PURE__ */ z
  .strictObject({
    audience: z.enum(['person', 'role', 'everyone'], { error: 'Choose who receives it.' }),
    username: adminTextSchema()
      .trim()
      .max(150, 'Keep the username under 150 characters.')
      .regex(/^[^\s/\\]*$/, 'A username has no spaces or slashes.')
      .refine((name) => !BIDI_CONTROLS.test(name), 'A username has no direction controls.')
      .nullable(),
    role: roleSchema.nullable(),
    title: adminTextSchema('Enter a title.')
      .trim()
      .min(1, 'Enter a title.')
      .max(200, 'Keep the title under 200 characters.'),
    body: adminTextSchema('Enter the message.')
      .trim()
      .min(1, 'Enter the message.')
      .max(5000, 'Keep the message under 5,000 characters.'),
    /** Issue 59: the Spanish title and message, when given. */
    ...spanishFields(5000),
    action_link: adminTextSchema()
      .trim()
      .pipe(linkInputSchema('Use an http(s) address or a portal path such as /account.'))
      .nullable(),
    display_as_banner: z.boolean(),
    expires_on: instantInput('Enter a date and time.').nullable(),
    /** Issue 29: it also goes out by each recipient’s channels (email, text, web push). */
    also_notify: z.boolean().default(false),
  })
  .superRefine((m, ctx) => {
    if (m.audience === 'person' && !m.username)
      ctx.addIssue({ code: 'custom', path: ['username'], message: 'Enter the person’s username.' });
    if (m.audience === 'role' && !m.role)
      ctx.addIssue({ code: 'custom', path: ['role'], message: 'Choose the role.' });
    needsSpanishTitle(m, ctx);
  });
export type AdminMessageInput = z.infer<typeof adminMessageInputSchema>;

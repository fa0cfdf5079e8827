import { z } from 'zod';
import { languageSchema } from './language.schema.js';

/**
 * Issue 73: while a support staff member views the portal as a student, the user answers (the
 * portal's `GET /api/users/user`, Next Steps' `GET /next-steps/api/user/`) say so, for the bar on
 * every page and the controls shown disabled: whose portal it is, until when the view runs. Null
 * (or absent, from an answer kept before it was sent) when the person reads their own.
 */
export const viewingAsSchema = /* @__PURE__ */ z.object({
  /** The student's name as the bar says it: "Viewing as Ana Valencia (read only)". */
  name: z.string(),
  /** When the view ends at the latest (VIEW_AS_MINUTES after its start). */
  ends_at: z.iso.datetime(),
  /** Every change is refused on the server: the controls that would make one are shown disabled. */
  read_only: z.literal(true),
  /**
   * The language the bar speaks: the viewer's (the support staff member's own choice, else their
   * browser's), not the page's, which is the student's.
   */
  viewer_language: languageSchema,
});
export type ViewingAs = z.infer<typeof viewingAsSchema>;

import { z } from 'zod';

// Apart from view-as.schema.ts: the portal's first route carries that one, not these (issue 73).

/** One view of a student's portal, as Account → "Who has seen your portal" lists it. */
export const portalViewSchema = /* @__PURE__ */ z.object({
  started_at: z.iso.datetime(),
  /** When it ended (End, sign-out, expiry); null while it runs. */
  ended_at: z.iso.datetime().nullable(),
  /** Whole minutes it lasted (so far). */
  minutes: z.number().int().min(0),
  /** The office that looked: the viewer's Support grant's, else VIEW_AS_OFFICE. */
  office: z.string(),
  /** The staff member's name, where the campus chooses to show it (VIEW_AS_SHOW_NAME); else null. */
  name: z.string().nullable(),
  reason: z.string(),
});
export type PortalView = z.infer<typeof portalViewSchema>;

/** Issue 87: the most views `GET /api/view-as/views` answers, the newest. */
export const PORTAL_VIEWS_MAX = 50;
/** `GET /api/view-as/views`: the views of the signed-in student's portal, newest first. */
export const portalViewListSchema = /* @__PURE__ */ z.array(portalViewSchema).max(PORTAL_VIEWS_MAX);

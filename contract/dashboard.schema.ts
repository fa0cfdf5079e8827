import { z } from 'zod';

/**
 * The dashboard's blocks a person may arrange (portal.md §2 Dashboard, the two columns), in the
 * spec's reading order: the left column, then the right. The top (emergency alert, hero, banner,
 * toolbar) stands above them on every layout.
 */
export const DASHBOARD_BLOCKS = [
  'profile-summary',
  'staff-resources',
  'faculty-resources',
  'advisor-resources',
  'todays-classes',
  'general-resources',
  'event-calendar',
  'staff-promos',
  'financial-promos',
  'other-promos',
  'school-tools',
  'whats-new',
  'video',
  'my-next-steps',
  'basic-html',
] as const;
export const dashboardBlockSchema = /* @__PURE__ */ z.enum(DASHBOARD_BLOCKS);
export type DashboardBlock = z.infer<typeof dashboardBlockSchema>;

/**
 * What each block is called where people choose blocks (Customise, the admin): the block's own title
 * where it has a fixed one (portal.md §2), so a block has one name (issue 43).
 */
export const DASHBOARD_BLOCK_LABELS: Readonly<Record<DashboardBlock, string>> = {
  'profile-summary': 'Profile summary',
  'staff-resources': 'Staff resources',
  'faculty-resources': 'Faculty resources',
  'advisor-resources': 'Advisor resources',
  'todays-classes': "Today's Classes",
  'general-resources': 'Resources',
  'event-calendar': 'Event Calendar',
  'staff-promos': 'For employees',
  'financial-promos': 'Your finances',
  'other-promos': 'Around campus',
  'school-tools': 'School tools',
  'whats-new': "Here's What's New",
  video: 'Video',
  'my-next-steps': 'Upcoming Tasks',
  'basic-html': 'More from the university',
};

/** The blocks of the spec's left column; the rest stand in the right one. */
export const LEFT_COLUMN_BLOCKS: readonly DashboardBlock[] = DASHBOARD_BLOCKS.slice(0, 7);

/**
 * Blocks no one may hide, whatever staff choose: the profile summary carries a student's holds. The
 * emergency alert and the banner stand above the arranged blocks and are never hidden either.
 */
export const ALWAYS_MANDATORY: readonly DashboardBlock[] = ['profile-summary'];

const uniqueBlocks = /* @__PURE__ */ z
  .array(dashboardBlockSchema)
  .max(DASHBOARD_BLOCKS.length)
  .refine((ids) => new Set(ids).size === ids.length, { error: 'must not name a block twice' });

/**
 * A person's own dashboard: the blocks in the order they chose (blocks it does not name stand at
 * their default place) and the blocks they hid. null: the role's default.
 */
export const dashboardLayoutSchema = /* @__PURE__ */ z
  .strictObject({ order: uniqueBlocks, hidden: uniqueBlocks })
  .nullable();
export type DashboardLayout = z.infer<typeof dashboardLayoutSchema>;

/** `GET /api/dashboard/blocks`: the blocks staff made mandatory, with the ones that always are. */
export const dashboardBlocksSchema = /* @__PURE__ */ z.strictObject({
  /** Each block once (contract/dashboard.rules.ts mandatoryBlocks), so at most all of them. */
  mandatory: z.array(dashboardBlockSchema).max(DASHBOARD_BLOCKS.length),
});
export type DashboardBlocks = z.infer<typeof dashboardBlocksSchema>;

/** The admin's form: the blocks staff make mandatory (a list, the always-mandatory ones implied). */
export const adminMandatoryBlocksSchema = /* @__PURE__ */ z.strictObject({
  mandatory: z
    .array(dashboardBlockSchema)
    .max(DASHBOARD_BLOCKS.length)
    .refine((ids) => new Set(ids).size === ids.length, {
      error: 'must not name a block twice',
    }),
});

/**
 * Who may see a post (portal.md §6), asked by the server before content leaves it and by the
 * dashboard when it sorts posts into blocks.
 */
import { canSeePost, hasRole } from './roles.rules.js';
import type { RoleHolder } from './roles.rules.js';
import type { PreviewAs } from './content.schema.js';
import { roleSchema } from './roles.schema.js';

/** The category of the financial dashboard promos. */
export const FINANCIAL_DASHBOARD = 'financial_dashboard';

export interface ContentReader extends RoleHolder {
  financial_dashboard_access: boolean;
}

/**
 * A post whose category equals a role reaches only users with that role (emeritus counts as faculty;
 * student workers and emeritus also receive staff content; a faculty primary role hides a secondary
 * staff role); financial dashboard posts reach only users with financial_dashboard_access.
 */
export function canSeeContent(user: ContentReader, category: string | null): boolean {
  if (category === FINANCIAL_DASHBOARD) return user.financial_dashboard_access;
  return canSeePost(user, category);
}

/**
 * The categories whose posts `canSeeContent` keeps from this user, for a store to leave out in its
 * query (issue 87: posts and search paged in SQL): each role they lack, and the financial dashboard
 * without access. Every other category, and none, is seen.
 */
export function hiddenCategories(user: ContentReader): string[] {
  return [
    ...roleSchema.options.filter((role) => !hasRole(user, role)),
    ...(user.financial_dashboard_access ? [] : [FINANCIAL_DASHBOARD]),
  ];
}

/** Who a staff preview as a role reads as: someone with that role alone (portal.md §6). */
export function previewReader(as: PreviewAs): ContentReader {
  return {
    primary_role: as.role,
    other_roles: [],
    financial_dashboard_access: as.financial_dashboard_access,
  };
}

/** A post whose publishing_opens_on is in the future is not served yet. */
export function isPublished(opensOn: string | null, now: Date): boolean {
  return opensOn === null || Date.parse(opensOn) <= now.getTime();
}

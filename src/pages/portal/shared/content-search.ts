import { z } from 'zod';
import type { PreviewAs } from '../../../../contract/content.schema.js';
import { roleSchema } from '../../../../contract/roles.schema.js';
import { contentSearchSchema } from './content-support.js';

/**
 * A content page's search: `?published=all`, and for staff `?preview_role=faculty` (with
 * `&preview_financial=1` for financial dashboard access) to see the page as that role sees it.
 * Anything else is ignored. The router reads `1` as a number, a hand-written link may keep it text.
 */
export const pageSearchSchema = contentSearchSchema.extend({
  preview_role: roleSchema.optional().catch(undefined),
  preview_financial: z.literal([1, '1']).optional().catch(undefined),
});
export type PageSearch = z.infer<typeof pageSearchSchema>;

/** Whom staff asked to see the page as, or null (the user's own view; never for non-staff). */
export function previewAsOf(search: PageSearch, isStaff: boolean): PreviewAs | null {
  if (!isStaff || search.preview_role === undefined) return null;
  return {
    role: search.preview_role,
    financial_dashboard_access: search.preview_financial !== undefined,
  };
}

/** One key per preview choice: a new choice is a new load. */
export const pageSearchKey = (search: PageSearch): string =>
  [search.published ?? 'published', search.preview_role ?? '', search.preview_financial ?? ''].join(
    ':',
  );

import type { PreviewAs } from '../../../contract/content.schema.js';
import { roleLabel } from '../../lib/role-label.js';

/**
 * portal.md §6: staff previewing with `?published=all` see unpublished pages and future posts; with
 * `?preview_role=` they see the page's posts as that role does. The notice says which.
 */
export function PreviewNotice({
  unpublished = true,
  as = null,
}: {
  /** Drafts and posts not open yet are shown. */
  unpublished?: boolean;
  /** Whom the page is shown as (null: the staff member themself). */
  as?: PreviewAs | null;
}) {
  if (!as)
    return (
      <p className="preview-notice" role="status" data-testid="preview-notice">
        <strong>Preview.</strong> You are seeing unpublished pages and posts that are not open yet,
        as staff. Students see only what is published.
      </p>
    );
  const others =
    as.role === 'student'
      ? 'Other roles see only the posts for everyone and for their own role.'
      : 'Students see only the posts for everyone and for students.';
  return (
    <p className="preview-notice" role="status" data-testid="preview-notice">
      <strong>Previewing as {roleLabel(as.role)}</strong>
      {as.financial_dashboard_access && ' with financial dashboard access'} — the posts this role
      sees {unpublished ? 'once its drafts and scheduled posts are published' : 'as published now'}.{' '}
      {others} Your own profile, classes and messages stay yours.
    </p>
  );
}

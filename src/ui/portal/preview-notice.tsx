import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  if (!as)
    return (
      <p className="preview-notice" role="status" data-testid="preview-notice">
        <Trans>
          <strong>Preview.</strong> You are seeing unpublished pages and posts that are not open
          yet, as staff. Students see only what is published.
        </Trans>
      </p>
    );
  const role = roleLabel(as.role);
  const others =
    as.role === 'student'
      ? t`Other roles see only the posts for everyone and for their own role.`
      : t`Students see only the posts for everyone and for students.`;
  const sees = unpublished
    ? t`the posts this role sees once its drafts and scheduled posts are published.`
    : t`the posts this role sees as published now.`;
  return (
    <p className="preview-notice" role="status" data-testid="preview-notice">
      <strong>
        {as.financial_dashboard_access
          ? t`Previewing as ${role} with financial dashboard access`
          : t`Previewing as ${role}`}
      </strong>{' '}
      — {sees} {others} <Trans>Your own profile, classes and messages stay yours.</Trans>
    </p>
  );
}

import { useLingui } from '@lingui/react/macro';
import { formatCampusDateTime } from '../../../lib/time.js';
import { usePortal } from '../../../routes/portal/context.js';
import { AccountSection } from '../../../ui/portal/account/account-section.js';
import { PortalViewsList } from '../../../ui/portal/account/portal-views.js';
import { SectionStatus } from '../../../ui/portal/section-status.js';
import { usePageRead } from '../shared/use-page-read.js';
import type { AccountReads } from './account-reads.js';

/** Issue 73: Account → "Who has seen your portal" (support's views as the person). */
export function PortalViewsSection({ reads }: { reads: AccountReads }) {
  const { t } = useLingui();
  const { campus } = usePortal();
  const { status, data, retry } = usePageRead(reads, 'views');
  return (
    <AccountSection id="portal-views" title={t`Who has seen your portal`}>
      <SectionStatus
        status={status}
        emptyText={t`Nobody from the university has viewed your portal.`}
        errorText={t`This list is not available at this time`}
        onRetry={retry}
      >
        {() => (
          <PortalViewsList
            views={data ?? []}
            formatDate={(iso) => formatCampusDateTime(iso, campus.timeZone)}
          />
        )}
      </SectionStatus>
    </AccountSection>
  );
}

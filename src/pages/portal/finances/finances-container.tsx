import { useLingui } from '@lingui/react/macro';
import { AccountSection } from '../../../ui/portal/account/account-section.js';
import { useSelector } from '@xstate/react';
import { seesStudentBlocks } from '../../../lib/sis-person.js';
import { selectDelegating, selectUser } from '../../../machines/app.machine.js';
import {
  AccountSummaryView,
  EmployeeFinances,
  FinancesPage,
  FinancialAidView,
} from '../../../ui/portal/finances.js';
import { SectionStatus } from '../../../ui/portal/section-status.js';
import { PageToolbar } from '../shared/blocks/page-toolbar-block.js';
import { usePortal } from '../../../routes/portal/context.js';
import { usePageTitle } from '../shared/page-title.js';
import { usePageRead } from '../shared/use-page-read.js';
import { portalRouteApi } from '../../../routes/portal/route-api.js';
import type { FinancesReads } from './finances-reads.js';
import { PaySection } from './pay-section.js';
import { HoldsSection } from '../shared/holds-section.js';

// The route's loader starts the page's reads from the page's own chunk.
export { pageReads } from './finances-reads.js';

const financesRoute = portalRouteApi('/finances');

function AccountSummarySection({ reads }: { reads: FinancesReads }) {
  const { t } = useLingui();
  const { status, data, retry } = usePageRead(reads, 'summary');
  return (
    <AccountSection id="account-summary" title={t`Account summary`}>
      <SectionStatus
        status={status}
        emptyText={t`No Record Found/Not Applicable`}
        errorText={t`Unable to retrieve account summary`}
        onRetry={retry}
      >
        {() => data && <AccountSummaryView summary={data} />}
      </SectionStatus>
    </AccountSection>
  );
}

function FinancialAidSection({ reads }: { reads: FinancesReads }) {
  const { t } = useLingui();
  const { status, data, retry } = usePageRead(reads, 'aid');
  return (
    <AccountSection id="financial-aid" title={t`Financial aid`}>
      <SectionStatus status={status} emptyText={t`No Record Found/Not Applicable`} onRetry={retry}>
        {() => data && <FinancialAidView aid={data} />}
      </SectionStatus>
    </AccountSection>
  );
}

/** A delegate's holds (issue 88: "Finances and holds"), read where the student's are on Account. */
function DelegateHolds({ reads }: { reads: FinancesReads }) {
  return <HoldsSection section={usePageRead(reads, 'holds')} />;
}

/**
 * Students (and a delegate the student shared Finances with) see the account and aid; employees,
 * who have no student account, a short note.
 */
export function FinancesContainer() {
  const { t } = useLingui();
  usePageTitle(t`Finances`);
  const { app, campus } = usePortal();
  const user = useSelector(app, selectUser);
  // Issue 88: a delegate the student shared Finances with reads the student's account and aid.
  const delegating = useSelector(app, selectDelegating);
  const { reads } = financesRoute.useLoaderData();
  const toolbar = <PageToolbar title={t`Finances`} titleId="finances-title" />;
  if (!user && !delegating) return null;
  if ((user && !seesStudentBlocks(user)) || !reads) return <EmployeeFinances toolbar={toolbar} />;
  return (
    <FinancesPage
      toolbar={toolbar}
      summary={<AccountSummarySection reads={reads} />}
      holds={delegating ? <DelegateHolds reads={reads} /> : null}
      aid={<FinancialAidSection reads={reads} />}
      pay={
        campus.finances.pay.provider === 'link' ? null : (
          <PaySection reads={reads} pay={campus.finances.pay} />
        )
      }
      links={campus.finances}
    />
  );
}

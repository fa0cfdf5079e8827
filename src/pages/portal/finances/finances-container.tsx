import {
  financialAccountSummaryAnswerSchema,
  financialAidInfoAnswerSchema,
} from '../../../../contract/sis/integrations.schema.js';
import { useLingui } from '@lingui/react/macro';
import { AccountSection } from '../../../ui/portal/account/account-section.js';
import { useSelector } from '@xstate/react';
import { seesStudentBlocks } from '../../../lib/sis-person.js';
import { selectUser } from '../../../machines/app.machine.js';
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
import { readOrEmpty } from '../shared/sis-reads.js';
import { useSectionActor, useSectionView } from '../shared/use-section.js';

/** portal.md §8: "Unable to retrieve account summary" (the error list's words, English). */
const SUMMARY_FAILED = 'Unable to retrieve account summary';

function AccountSummarySection() {
  const { http } = usePortal();
  const { t } = useLingui();
  const section = useSectionActor({
    component: 'financial-account-summary',
    message: SUMMARY_FAILED,
    load: () => readOrEmpty(http, 'financial-account-summary', financialAccountSummaryAnswerSchema),
    isEmpty: (summary) => summary === null,
  });
  const { status, data, retry } = useSectionView(section);
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

function FinancialAidSection() {
  const { http } = usePortal();
  const { t } = useLingui();
  const section = useSectionActor({
    component: 'financial-aid-info',
    load: () => readOrEmpty(http, 'financial-aid-info', financialAidInfoAnswerSchema),
    isEmpty: (aid) => aid === null || (aid.FINAID_DETAIL.length === 0 && !aid.FINAID_MSG),
  });
  const { status, data, retry } = useSectionView(section);
  return (
    <AccountSection id="financial-aid" title={t`Financial aid`}>
      <SectionStatus status={status} emptyText={t`No Record Found/Not Applicable`} onRetry={retry}>
        {() => data && <FinancialAidView aid={data} />}
      </SectionStatus>
    </AccountSection>
  );
}

/** Students see their account and aid; employees, who have no student account, a short note. */
export function FinancesContainer() {
  const { t } = useLingui();
  usePageTitle(t`Finances`);
  const { app, campus } = usePortal();
  const user = useSelector(app, selectUser);
  const toolbar = <PageToolbar title={t`Finances`} titleId="finances-title" />;
  if (!user) return null;
  if (!seesStudentBlocks(user)) return <EmployeeFinances toolbar={toolbar} />;
  return (
    <FinancesPage
      toolbar={toolbar}
      summary={<AccountSummarySection />}
      aid={<FinancialAidSection />}
      links={campus.finances}
    />
  );
}

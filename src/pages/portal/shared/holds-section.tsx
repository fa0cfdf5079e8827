import { useLingui } from '@lingui/react/macro';
import { holdsAnswerSchema } from '../../../../contract/sis/holds.schema.js';
import type { Hold } from '../../../../contract/sis/holds.schema.js';
import type { PortalContext } from '../../../routes/portal/context.js';
import { AccountSection } from '../../../ui/portal/account/account-section.js';
import { HoldsList } from '../../../ui/portal/account/holds.js';
import { SectionStatus } from '../../../ui/portal/section-status.js';
import { readOrEmpty } from './sis-reads.js';
import type { Section } from './use-section.js';

/** The holds read, as Account and (for a delegate shared "Finances and holds") Finances declare it. */
export const holdsReadSpec = ({ http }: Pick<PortalContext, 'http'>) => ({
  component: 'holds',
  read: () => readOrEmpty(http, 'holds', holdsAnswerSchema),
  isEmpty: (holds: Hold[] | null) => holds === null || holds.length === 0,
});

/** portal.md §2 Account #holds, §8 "No holds" and "Holds not available at this time". */
export function HoldsSection({ section }: { section: Section<Hold[] | null> }) {
  const { t } = useLingui();
  const { status, data, retry } = section;
  return (
    <AccountSection id="holds" title={t`Holds`}>
      <SectionStatus
        status={status}
        emptyText={t`No holds`}
        errorText={t`Holds not available at this time`}
        onRetry={retry}
      >
        {() => <HoldsList holds={data ?? []} />}
      </SectionStatus>
    </AccountSection>
  );
}

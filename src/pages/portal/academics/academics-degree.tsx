import { useLingui } from '@lingui/react/macro';
import { dataOf } from '../../../lib/sis-answer.js';
import { usePortal } from '../../../routes/portal/context.js';
import { DegreeProgressView } from '../../../ui/portal/academics/degree-progress.js';
import { SectionCard } from '../../../ui/portal/academics/section-card.js';
import { usePageRead } from '../shared/use-page-read.js';
import type { AcademicsReads } from './academics-reads.js';

/** Issue 92: Academics' "Degree progress", the audit the campus's system made; its own states. */
export function DegreeSection({ reads }: { reads: AcademicsReads }) {
  const { t } = useLingui();
  const { campus } = usePortal();
  const degree = usePageRead(reads, 'degree');
  const audit = degree.data && dataOf(degree.data);
  return (
    <SectionCard
      id="degree-progress"
      title={t`Degree progress`}
      state={degree.status}
      emptyText={t`No degree audit is on record for you yet.`}
      onRetry={degree.retry}
    >
      {audit && <DegreeProgressView audit={audit} timeZone={campus.timeZone} />}
    </SectionCard>
  );
}

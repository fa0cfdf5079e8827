import { useLingui } from '@lingui/react/macro';
import { groupByDay } from '../../../lib/schedule.js';
import { holidaysThisWeek, withHolidays } from '../../../lib/schedule-week.js';
import { campusDay } from '../../../lib/time.js';
import { SectionCard } from '../../../ui/portal/academics/section-card.js';
import { ScheduleView } from '../../../ui/portal/academics/schedule.js';
import { useTermName } from '../../../ui/portal/term-name.js';
import { usePortal } from '../../../routes/portal/context.js';
import { usePageRead } from '../shared/use-page-read.js';
import type { AcademicsReads } from './academics-reads.js';

/** The current term's meetings, and its courses for the detail panels. */
export function ScheduleSection({ reads }: { reads: AcademicsReads }) {
  const { campus } = usePortal();
  const { t } = useLingui();
  const termName = useTermName();
  const schedule = usePageRead(reads, 'schedule');
  const data = schedule.data;
  return (
    <SectionCard
      id="schedule"
      title={data?.term ? t`This week's classes · ${termName(data.term)}` : t`This week's classes`}
      state={schedule.status}
      emptyText={t`You have no classes scheduled this term.`}
      errorText={undefined}
      onRetry={schedule.retry}
    >
      {data && (
        <ScheduleView
          days={withHolidays(
            groupByDay(data.meetings),
            holidaysThisWeek(campusDay(new Date(), campus.timeZone), campus.holidays),
          )}
          courses={data.courses}
        />
      )}
    </SectionCard>
  );
}

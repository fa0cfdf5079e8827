import { useLingui } from '@lingui/react/macro';
import type { Course, Meeting } from '../../../../contract/sis/courses.schema.js';
import { isSisWarning } from '../../../../contract/sis/warning.schema.js';
import type { AcademicsApi } from '../../../api/academics.js';
import { groupByDay } from '../../../lib/schedule.js';
import { holidaysThisWeek, withHolidays } from '../../../lib/schedule-week.js';
import { campusDay } from '../../../lib/time.js';
import { SectionCard } from '../../../ui/portal/academics/section-card.js';
import { ScheduleView } from '../../../ui/portal/academics/schedule.js';
import { useTermName } from '../../../ui/portal/term-name.js';
import { usePortal } from '../../../routes/portal/context.js';
import { TERM_FAILED, reportApiFailure, step, useSection } from '../shared/use-section.js';

interface ScheduleData {
  term: string | null;
  meetings: Meeting[];
  courses: Map<string, Course>;
}

/** The current term's meetings, and its courses for the detail panels. */
export function ScheduleSection({ api }: { api: AcademicsApi }) {
  const { app, campus } = usePortal();
  const { t } = useLingui();
  const termName = useTermName();
  const schedule = useSection<ScheduleData>(
    'schedule',
    async () => {
      const current = await step('current-term', api.currentTerm, TERM_FAILED);
      if (isSisWarning(current)) return { term: null, meetings: [], courses: new Map() };
      const term = current.p_term_out;
      const meetings = await step('schedule', () => api.schedule(term));
      // The details panels say when courses are missing; the schedule itself still shows.
      const courses = await api.courses(term).catch((error: unknown) => {
        reportApiFailure(app, error, 'courses');
        return null;
      });
      return {
        term,
        meetings: isSisWarning(meetings) ? [] : meetings,
        courses: new Map(
          (courses && !isSisWarning(courses) ? courses : []).map((c) => [
            c.COURSEREGISTRATIONNUMBER,
            c,
          ]),
        ),
      };
    },
    (data) => data.meetings.length === 0,
  );
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

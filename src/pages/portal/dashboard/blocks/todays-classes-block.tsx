import { holidayOn } from '../../../../../contract/holidays.rules.js';
import { scheduleAnswerSchema } from '../../../../../contract/sis/schedule.schema.js';
import { currentTermAnswerSchema } from '../../../../../contract/sis/term.schema.js';
import type { IntegrationAnswer } from '../../../../../contract/sis/integrations.schema.js';
import { isSisWarning } from '../../../../../contract/sis/warning.schema.js';
import { fetchIntegration, fetchTermIntegration } from '../../../../api/integrations.js';
import { takeEarlyRead } from '../../../../lib/early-read.js';
import type { EarlyRead } from '../../../../lib/early-read.js';
import { classesOn } from '../../../../lib/schedule.js';
import { campusDay } from '../../../../lib/time.js';
import { TodaysClasses } from '../../../../ui/portal/todays-classes.js';
import { usePortal } from '../../../../routes/portal/context.js';
import { TERM_FAILED, step, useSection } from '../../shared/use-section.js';

/**
 * portal.md §2 Today's Classes, for the dashboard's left column (students only, §6): the current
 * term's meetings on today's campus date (the campus time zone, whatever the browser's); none on a
 * campus holiday, which it names. `early`: the current term the dashboard's loader started reading,
 * taken once (a retry reads anew).
 */
export function TodaysClassesBlock({
  early,
}: {
  early?: EarlyRead<IntegrationAnswer<'current-term'>> | null | undefined;
}) {
  const { campus, http } = usePortal();
  const day = campusDay(new Date(), campus.timeZone);
  // No classes meet on a campus holiday: the block names it instead.
  const holiday = holidayOn(campus.holidays, day.date);
  const today = useSection(
    'schedule',
    async () => {
      const current = await step(
        'current-term',
        () =>
          takeEarlyRead(early) ?? fetchIntegration(http, 'current-term', currentTermAnswerSchema),
        TERM_FAILED,
      );
      if (isSisWarning(current)) return [];
      // Its own reads, not the Academics page's: that page's reads stay out of the first route.
      const meetings = await step('schedule', () =>
        fetchTermIntegration(http, 'schedule', current.p_term_out, scheduleAnswerSchema),
      );
      if (isSisWarning(meetings)) return [];
      return holiday ? [] : classesOn(meetings, day);
    },
    (classes) => classes.length === 0,
  );
  return (
    <TodaysClasses
      state={today.status}
      classes={today.data ?? []}
      holiday={holiday?.name}
      onRetry={today.retry}
    />
  );
}

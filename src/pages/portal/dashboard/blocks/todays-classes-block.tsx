import { lazy, Suspense } from 'react';
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
import { readTodaysAppointments } from './todays-appointments.js';
import { TodaysClasses } from '../../../../ui/portal/todays-classes.js';
import { usePortal } from '../../../../routes/portal/context.js';
import { TERM_FAILED, step, useSection } from '../../shared/use-section.js';

/** As issue 89's places: today's appointments' list loads only on a day that has some. */
const TodaysAppointments = lazy(async () => ({
  default: (await import('../../../../ui/portal/todays-appointments.js')).TodaysAppointments,
}));

/**
 * portal.md §2 Today's Classes, for the dashboard's left column (students only, §6): the current
 * term's meetings on today's campus date (the campus time zone, whatever the browser's); none on a
 * campus holiday, which it names. `early`: the current term the dashboard's loader started reading,
 * taken once (a retry reads anew). Beside the classes, today's appointments (issue 92), read on
 * their own: their failure says so in a line and leaves the classes as they are.
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
  const appointments = useSection(
    'appointments',
    async () => readTodaysAppointments(http, day.date, campus.timeZone),
    (list) => list.length === 0,
  );
  return (
    <TodaysClasses
      state={today.status}
      classes={today.data ?? []}
      holiday={holiday?.name}
      onRetry={today.retry}
      appointmentsFailed={appointments.status === 'error'}
      appointments={
        appointments.status === 'loaded' && appointments.data ? (
          <Suspense fallback={null}>
            <TodaysAppointments appointments={appointments.data} timeZone={campus.timeZone} />
          </Suspense>
        ) : null
      }
    />
  );
}

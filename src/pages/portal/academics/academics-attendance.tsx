import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { AttendanceCourse } from '../../../../contract/attendance.schema.js';
import { isSisWarning } from '../../../../contract/sis/warning.schema.js';
import type { AcademicsApi } from '../../../api/academics.js';
import { showsAttendanceWarning } from '../../../lib/attendance.js';
import { useOffline } from '../../shared/offline.js';
import { campusDay } from '../../../lib/time.js';
import {
  attendanceReadMachine,
  selectFailedCrns,
  selectReadCrns,
  selectSavingCrns,
} from '../../../machines/attendance-read.machine.js';
import type { revealMachine } from '../../../machines/reveal.machine.js';
import { AttendanceWarnings } from '../../../ui/portal/academics/attendance-warnings.js';
import { useTermName } from '../../../ui/portal/term-name.js';
import { usePortal } from '../../../routes/portal/context.js';
import { TERM_FAILED, step, useSection } from '../shared/use-section.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';

interface Warnings {
  term: string;
  courses: AttendanceCourse[];
}

/**
 * portal.md §4/§5 initiation-of-attendance warnings of the current term. Marking one read is saved
 * on the server (per user, term and course), then the warning goes (the attendanceRead machine).
 */
export function AttendanceSection({
  api,
  reveal,
}: {
  api: AcademicsApi;
  /** Told once the warnings have answered: the page below them may show. */
  reveal: ActorRefFrom<typeof revealMachine>;
}) {
  const { campus, connection } = usePortal();
  const warnings = useSection<Warnings>(
    'attendance',
    async () => {
      const info = await step('term-info', api.termInfo, TERM_FAILED);
      if (isSisWarning(info)) return { term: '', courses: [] };
      const attendance = await step('attendance', () => api.attendance(info.term));
      const today = campusDay(new Date(), campus.timeZone).date;
      return {
        term: info.term,
        courses: attendance.courses.filter((c) =>
          showsAttendanceWarning(c, info.start_date, today),
        ),
      };
    },
    (data) => data.courses.length === 0,
  );
  useEffect(() => {
    if (warnings.status !== 'loading') reveal.send({ type: 'reveal.ready' });
  }, [warnings.status, reveal]);
  const marks = useActorRef(
    attendanceReadMachine.provide({
      actors: { save: fromPromise(({ input }) => api.markAttendanceRead(input)) },
    }),
  );
  const read = useSelector(marks, selectReadCrns);
  const saving = useSelector(marks, selectSavingCrns, shallowEqual);
  const failed = useSelector(marks, selectFailedCrns);
  const savingSet = useMemo(() => new Set(saving), [saving]);
  const failedSet = useMemo(() => new Set(failed), [failed]);
  const offline = useOffline(connection);
  const termName = useTermName();

  const data = warnings.data;
  const shown = data ? data.courses.filter((c) => !read.includes(c.COURSEREGISTRATIONNUMBER)) : [];
  return (
    <AttendanceWarnings
      state={warnings.status}
      courses={shown}
      termName={data?.term ? termName(data.term) : ''}
      saving={savingSet}
      failed={failedSet}
      offline={offline}
      onMarkRead={(crn) => {
        if (data) marks.send({ type: 'attendance.markRead', term: data.term, crn });
      }}
      onRetry={warnings.retry}
    />
  );
}

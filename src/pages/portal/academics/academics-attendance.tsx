import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { markAttendanceRead } from '../../../api/attendance.js';
import { useOffline } from '../../shared/offline.js';
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
import { usePageReadActor } from '../shared/use-page-read.js';
import { useSectionView } from '../shared/use-section.js';
import type { AcademicsReads } from './academics-reads.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';

/** The attendance warnings' read, made by the page: whether they have answered decides what shows. */
export const useAttendanceRead = (reads: AcademicsReads) => usePageReadActor(reads, 'attendance');
export type AttendanceRead = ReturnType<typeof useAttendanceRead>;

/**
 * portal.md §4/§5 initiation-of-attendance warnings of the current term. Marking one read is saved
 * on the server (per user, term and course), then the warning goes (the attendanceRead machine).
 */
export function AttendanceSection({
  reads,
  list,
  reveal,
}: {
  reads: AcademicsReads;
  /** The warnings' read (`useAttendanceRead`), which the page above reads too. */
  list: AttendanceRead;
  /** Told once the warnings have answered: the page below them may show. */
  reveal: ActorRefFrom<typeof revealMachine>;
}) {
  const { connection, http } = usePortal();
  const warnings = useSectionView(list);
  useEffect(() => {
    if (warnings.status !== 'loading') reveal.send({ type: 'reveal.ready' });
  }, [warnings.status, reveal]);
  const marks = useActorRef(
    attendanceReadMachine.provide({
      actors: {
        save: fromPromise(async ({ input }) => {
          const saved = await markAttendanceRead(http, input);
          // The warnings the router keeps are out of date now: the page shown again reads them anew.
          reads.forget('attendance');
          return saved;
        }),
      },
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

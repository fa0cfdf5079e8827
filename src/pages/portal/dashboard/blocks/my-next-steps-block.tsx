import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { Suspense, lazy } from 'react';
import { fromPromise } from 'xstate';
import type { MyNextStepsTask } from '../../../../../contract/next-steps/mynextsteps.schema.js';
import { fetchMyNextSteps } from '../../../../api/mynextsteps.js';
import { takeEarlyRead } from '../../../../lib/early-read.js';
import type { EarlyRead } from '../../../../lib/early-read.js';
import { isDue, upcomingTasks } from '../../../../lib/task-rules.js';
import { formatEndShort } from '../../../../lib/time.js';
import {
  myNextStepsMachine,
  selectBlockTasks,
} from '../../../../machines/my-next-steps.machine.js';
import { MyNextSteps } from '../../../../ui/portal/my-next-steps.js';
import { usePendingContent } from '../../../shared/scroll-restoration.js';
import { usePortal } from '../../../../routes/portal/context.js';
import { useSectionActor, useSectionView } from '../../shared/use-section.js';
import { useActorRef } from '../../../../inspector/use-actor-ref.js';

/** Coursework items shown beside the checklist's tasks (issue 45): the soonest few. */
const COURSEWORK_SHOWN = 3;

/**
 * The coursework list and its call load once the block asks for them, not with the first route
 * (whose budget they would cross): the items arrive after the page anyway.
 */
const CourseworkList = lazy(async () => ({
  default: (await import('../../../../ui/portal/coursework-list.js')).CourseworkList,
}));

/**
 * portal.md §2 My Next Steps: the signed-in student's first 3 upcoming tasks, by Token auth, through
 * the portal's one API client (so an outage of this call is error state 3 like any other). `early`:
 * the tasks the dashboard's loader started reading, taken once (a retry reads anew).
 */
export function MyNextStepsBlock({
  early,
}: {
  early?: EarlyRead<MyNextStepsTask[]> | null | undefined;
}) {
  const { http, campus } = usePortal();
  // The student's coursework (their LMS calendar), loaded beside the checklist: its own loader, so a
  // student without a feed, or a feed that fails, leaves the checklist as it is.
  const coursework = useSectionView(
    useSectionActor({
      component: 'coursework',
      load: async () => (await import('../../../../api/coursework.js')).fetchCoursework(http),
      isEmpty: (c) => c.items.length === 0,
    }),
  );
  const block = useActorRef(
    myNextStepsMachine.provide({
      actors: {
        fetchTasks: fromPromise(() => takeEarlyRead(early) ?? fetchMyNextSteps(http)),
      },
    }),
  );
  const tasks = useSelector(block, selectBlockTasks);
  const { t } = useLingui();
  const state = useSelector(block, (s) =>
    s.hasTag('loaded') ? 'loaded' : s.hasTag('error') ? 'error' : 'loading',
  );
  usePendingContent(state === 'loading');
  return (
    <MyNextSteps
      state={state}
      tasks={upcomingTasks(tasks)}
      dueLabel={(task) => {
        if (!isDue(task) || !task.ends_on) return null;
        const date = formatEndShort(task.ends_on, task.ends_on_day);
        return t`Due ${date}`;
      }}
      coursework={
        coursework.data?.items.length ? (
          <Suspense fallback={null}>
            <CourseworkList
              items={coursework.data.items.slice(0, COURSEWORK_SHOWN)}
              timeZone={campus.timeZone}
            />
          </Suspense>
        ) : null
      }
    />
  );
}

import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { fetchMyNextSteps } from '../../../../api/mynextsteps.js';
import { isDue, upcomingTasks } from '../../../../lib/task-rules.js';
import { formatEndShort } from '../../../../lib/time.js';
import { myNextStepsMachine, selectBlockTasks } from '../../../../machines/myNextSteps.machine.js';
import { MyNextSteps } from '../../../../ui/portal/my-next-steps.js';
import { usePendingContent } from '../../../shared/scroll-restoration.js';
import { usePortal } from '../../../../routes/portal/context.js';

/**
 * portal.md §2 My Next Steps: the signed-in student's first 3 upcoming tasks, by Token auth, through
 * the portal's one API client (so an outage of this call is error state 3 like any other).
 */
export function MyNextStepsBlock() {
  const { http } = usePortal();
  const block = useActorRef(
    myNextStepsMachine.provide({
      actors: {
        fetchTasks: fromPromise(() => fetchMyNextSteps(http)),
      },
    }),
  );
  const tasks = useSelector(block, selectBlockTasks);
  const state = useSelector(block, (s) =>
    s.hasTag('loaded') ? 'loaded' : s.hasTag('error') ? 'error' : 'loading',
  );
  usePendingContent(state === 'loading');
  return (
    <MyNextSteps
      state={state}
      tasks={upcomingTasks(tasks)}
      dueLabel={(t) =>
        isDue(t) && t.ends_on ? `Due ${formatEndShort(t.ends_on, t.ends_on_day)}` : null
      }
    />
  );
}

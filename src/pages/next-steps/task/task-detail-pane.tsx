import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { UserTask } from '../../../../contract/next-steps/task.schema.js';
import type { TaskSearch } from '../../../lib/task-filter.js';
import { selectIsPending, selectIsWaiting } from '../../../machines/task.machine.js';
import { selectTaskRef } from '../../../machines/task-list.context.js';
import { TaskDetail, TaskUnavailable } from '../../../ui/next-steps/task-detail.js';
import { Loading } from '../../../ui/loading.js';
import { useNextSteps } from '../../../routes/next-steps/context.js';
import { useOffline } from '../../shared/offline.js';
import { useTaskListView } from './use-task-list-view.js';

interface Props {
  userTask: UserTask | undefined;
  /** The address names a task the student does not have. */
  unavailable: boolean;
  loading: boolean;
  nextTaskId: number | null;
  search: TaskSearch;
}

/**
 * The detail pane, wired to the selected task's actor, the owner of its record: the actions send it
 * intents, and it tells whether a change is pending.
 */
export function TaskDetailPane(props: Props) {
  // Drawn again when the language changes, so the loading label follows it.
  const { t } = useLingui();
  const { connection } = useNextSteps();
  const id = props.userTask?.id;
  const ref = useTaskListView((s) => (id === undefined ? undefined : selectTaskRef(s, id)));
  const pending = useSelector(ref, (s) => (s ? selectIsPending(s) : false));
  const waiting = useSelector(ref, (s) => (s ? selectIsWaiting(s) : false));
  const offline = useOffline(connection);
  if (props.unavailable) return <TaskUnavailable search={props.search} />;
  if (props.loading) return <Loading label={t`Loading the task…`} />;
  return (
    <TaskDetail
      userTask={props.userTask}
      pending={pending}
      offline={offline}
      waiting={waiting}
      nextTaskId={props.nextTaskId}
      search={props.search}
      onAction={(type) => ref?.send({ type })}
    />
  );
}

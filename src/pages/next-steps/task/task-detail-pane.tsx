import { useSelector } from '@xstate/react';
import type { UserTask } from '../../../../contract/next-steps/task.schema.js';
import type { TaskSearch } from '../../../lib/task-filter.js';
import { selectIsPending } from '../../../machines/task.machine.js';
import { selectTaskRefs } from '../../../machines/taskList.context.js';
import { TaskDetail, TaskUnavailable } from '../../../ui/next-steps/task-detail.js';
import { Loading } from '../../../ui/loading.js';
import { useNextSteps } from '../../../routes/next-steps/context.js';

interface Props {
  userTask: UserTask | undefined;
  /** The address names a task the student does not have. */
  unavailable: boolean;
  loading: boolean;
  nextTaskId: number | null;
  search: TaskSearch;
}

/** The detail pane, wired to the selected task's actor: its actions and whether one is pending. */
export function TaskDetailPane(props: Props) {
  const { list } = useNextSteps();
  const refs = useSelector(list, selectTaskRefs);
  const ref = props.userTask ? refs[props.userTask.id] : undefined;
  const pending = useSelector(ref, (s) => (s ? selectIsPending(s) : false));
  if (props.unavailable) return <TaskUnavailable search={props.search} />;
  if (props.loading) return <Loading label="Loading the task…" />;
  return (
    <TaskDetail
      userTask={props.userTask}
      pending={pending}
      nextTaskId={props.nextTaskId}
      search={props.search}
      onAction={(type) => ref?.send({ type })}
    />
  );
}

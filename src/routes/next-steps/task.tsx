import { createRoute, redirect } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { emptyText, filterLabel, filterOf, taskSearchSchema } from '../../lib/task-filter.js';
import { filterTasks, findTask, nextTask } from '../../lib/task-rules.js';
import {
  selectActivePane,
  selectAnnouncedOverdue,
  selectError,
  selectFilter,
  selectFirstOverdueTaskId,
  selectFunCategoryId,
  selectIsInError,
  selectIsNewStudent,
  selectMessage,
  selectSelectedTaskId,
  selectTasks,
} from '../../machines/taskList.context.js';
import { FilterMenu } from '../../ui/next-steps/filter-menu.js';
import { AppMessage, ErrorPanel, OverdueAnnouncement } from '../../ui/next-steps/notices.js';
import { TaskList } from '../../ui/next-steps/task-list.js';
import { TaskListPage } from '../../ui/next-steps/task-list-page.js';
import { Loading } from '../../ui/portal/loading.js';
import { useNextSteps } from './context.js';
import { TaskDetailPane } from './task-detail-pane.js';
import { nextStepsRootRoute } from './root.js';

function TaskRoute() {
  const { list } = useNextSteps();
  const search = taskRoute.useSearch();
  const { task_id } = taskRoute.useParams();
  const routeFilter = filterOf(search);
  useEffect(() => list.send({ type: 'list.filter', filter: routeFilter }), [list, routeFilter]);
  useEffect(() => {
    if (task_id !== undefined) list.send({ type: 'list.select', taskId: Number(task_id) });
  }, [list, task_id]);

  const filter = useSelector(list, selectFilter);
  const tasks = useSelector(list, selectTasks);
  const loading = useSelector(list, (s) => s.hasTag('loading'));
  const failed = useSelector(list, (s) => s.hasTag('failed'));
  const inError = useSelector(list, selectIsInError);
  const error = useSelector(list, selectError);
  const selectedTaskId = useSelector(list, selectSelectedTaskId);
  const activePane = useSelector(list, selectActivePane);
  const isNewStudent = useSelector(list, selectIsNewStudent);
  const funCategoryId = useSelector(list, selectFunCategoryId);
  const overdueCount = useSelector(list, selectAnnouncedOverdue);
  const firstOverdue = useSelector(list, selectFirstOverdueTaskId);
  const message = useSelector(list, selectMessage);
  const acknowledging = useSelector(list, (s) => s.hasTag('acknowledging'));

  const visible = useMemo(() => filterTasks(tasks, filter), [tasks, filter]);
  const selected = findTask(tasks, selectedTaskId, selectedTaskId);
  const next = nextTask(tasks, selectedTaskId, selectedTaskId);
  const onSelect = useCallback(
    (taskId: number) => list.send({ type: 'list.select', taskId }),
    [list],
  );
  const onBookmark = useCallback(
    (userTaskId: number, starred: boolean) =>
      list.getSnapshot().context.taskRefs[userTaskId]?.send({
        type: starred ? 'task.bookmark' : 'task.unbookmark',
      }),
    [list],
  );
  const retry = () => {
    list.send({ type: 'list.retry' });
    list.send({ type: 'list.refresh', at: Date.now(), force: true });
  };

  let body;
  if (loading) body = <Loading label="Loading your tasks…" />;
  else if (failed || inError) body = <ErrorPanel error={error} onRetry={retry} />;
  else {
    body = (
      <TaskList
        tasks={visible}
        listKey={filter}
        selectedTaskId={selectedTaskId}
        emptyText={emptyText(filter)}
        search={search}
        isNewStudent={isNewStudent}
        funCategoryId={funCategoryId}
        onSelect={onSelect}
        onBookmark={onBookmark}
      />
    );
  }
  return (
    <TaskListPage
      heading={filterLabel(filter)}
      activePane={activePane}
      menu={<FilterMenu active={filter} />}
      notices={
        <>
          {message && (
            <AppMessage
              message={message}
              busy={acknowledging}
              onAcknowledge={() => list.send({ type: 'message.acknowledge' })}
            />
          )}
          {overdueCount > 0 && (
            <OverdueAnnouncement
              count={overdueCount}
              firstTaskId={firstOverdue}
              onDismiss={() => list.send({ type: 'announcement.dismiss' })}
            />
          )}
        </>
      }
      list={body}
      detail={
        <TaskDetailPane
          userTask={selected}
          nextTaskId={next ? next.task.id : null}
          search={search}
          onBack={() => list.send({ type: 'list.back' })}
        />
      }
    />
  );
}

/** next-steps.md §2: the one route "task", with an optional task_id and the `show` query. */
export const taskRoute = createRoute({
  getParentRoute: () => nextStepsRootRoute,
  path: '/task/{-$task_id}',
  validateSearch: taskSearchSchema,
  component: TaskRoute,
});

/** `/next-steps/` opens the list. */
export const indexRoute = createRoute({
  getParentRoute: () => nextStepsRootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/task/{-$task_id}', params: {}, search: {} });
  },
});

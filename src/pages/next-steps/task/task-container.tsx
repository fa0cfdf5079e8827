import { useLingui } from '@lingui/react/macro';
import { Suspense, lazy, useCallback, useDeferredValue, useMemo } from 'react';
import type { ReactNode } from 'react';
import { emptyText, filterOf, listHeading, taskIdOf } from '../../../lib/task-filter.js';
import { filterTasks, findTask, nextTask } from '../../../lib/task-list-rules.js';
import {
  selectFunCategoryId,
  selectIsNewStudent,
  selectTaskRef,
  selectTasks,
  selectWaitingIds,
} from '../../../machines/task-list.context.js';
import { FilterMenu } from '../../../ui/next-steps/filter-menu.js';
import { TaskList } from '../../../ui/next-steps/task-list.js';
import { TaskListPage } from '../../../ui/next-steps/task-list-page.js';
import { Loading } from '../../../ui/loading.js';
import { useNextSteps } from '../../../routes/next-steps/context.js';
import { nextStepsRouteApi } from '../../../routes/next-steps/route-api.js';
import { ListNotices, ListProblem, useListStatus } from './list-status.js';
import { TaskDetailPane } from './task-detail-pane.js';
import { sameItems, useTaskListView } from './use-task-list-view.js';
import { useSelectedTaskId } from './use-selected-task-id.js';
import { useFilterAnnouncement } from './use-filter-announcement.js';
import { useDocumentTitle } from '../../shared/document-title.js';

const taskRoute = nextStepsRouteApi('/task/{-$task_id}');

/** The Coursework category (issue 45) loads with the list's own chunk's data, not in the first load. */
const CourseworkContainer = lazy(async () => ({
  default: (await import('./coursework-container.js')).CourseworkContainer,
}));

/**
 * next-steps.md §2 the task screen. The address is the one source of truth: `show` is the filter,
 * `task_id` the selected task and, when present, the detail pane is the active one (on a phone the
 * only one shown); browser Back therefore leaves the detail pane.
 */
export function TaskContainer(): ReactNode {
  // Drawn again when the language changes: the heading, title and empty texts follow it.
  const { t } = useLingui();
  const { list } = useNextSteps();
  const search = taskRoute.useSearch();
  const { task_id } = taskRoute.useParams();
  const filter = filterOf(search);
  const taskId = taskIdOf(task_id);

  // Each record read from the task actor that owns it.
  const tasks = useTaskListView(selectTasks, sameItems);
  const waitingIds = useTaskListView(selectWaitingIds, sameItems);
  // The list is drawn in a transition, which React renders in slices and yields between: drawn at
  // once, it was one long task on a phone (about 230 ms under bench:load's 4x slowdown). Everything
  // that shows with the list follows the same status, so nothing above it moves when it comes.
  const status = useDeferredValue(useListStatus());
  const isNewStudent = useTaskListView(selectIsNewStudent);
  const funCategoryId = useTaskListView(selectFunCategoryId);

  const visible = useMemo(() => filterTasks(tasks, filter), [tasks, filter]);
  const selectedId = useSelectedTaskId(taskId);
  const selected = findTask(tasks, selectedId, null);
  const next = selected ? nextTask(tasks, selectedId, null) : false;
  // A task the address names but the list does not hold (or a number that is no id) is unavailable.
  const unavailable =
    taskId === 'invalid' || (selectedId !== null && status === 'ready' && !selected);
  const showsDetail = selectedId !== null || taskId === 'invalid';
  const heading = listHeading(search);
  useDocumentTitle(selected ? selected.task.title : heading, t`Next Steps`);
  useFilterAnnouncement(
    `${filter} ${search.category ?? ''}`,
    heading,
    visible.length,
    status === 'ready',
  );

  const onBookmark = useCallback(
    (userTaskId: number) =>
      selectTaskRef(list.getSnapshot(), userTaskId)?.send({ type: 'task.toggleBookmark' }),
    [list],
  );

  let body;
  if (status === 'loading') body = <Loading label={t`Loading your tasks…`} />;
  else if (status === 'problem') body = <ListProblem />;
  else {
    const checklist = (
      <TaskList
        tasks={visible}
        waitingIds={waitingIds}
        listKey={filter}
        selectedTaskId={selectedId}
        emptyText={emptyText(filter)}
        search={search}
        isNewStudent={isNewStudent}
        funCategoryId={funCategoryId}
        onBookmark={onBookmark}
      />
    );
    body = (
      <>
        {search.category !== 'coursework' && checklist}
        {search.category !== 'checklist' && (
          <Suspense fallback={null}>
            <CourseworkContainer filter={filter} category={search.category} />
          </Suspense>
        )}
      </>
    );
  }
  return (
    <TaskListPage
      heading={heading}
      activePane={showsDetail ? 'detail-wrapper--active' : 'task-wrapper--active'}
      menu={<FilterMenu active={filter} category={search.category} />}
      // The welcome and the overdue announcement greet the list as it opens (Up Next), not again on
      // every filter (issue 43).
      notices={status === 'ready' && filter === 'upNext' ? <ListNotices /> : null}
      list={body}
      detail={
        <TaskDetailPane
          userTask={selected}
          unavailable={unavailable}
          loading={status === 'loading' && showsDetail}
          nextTaskId={next ? next.task.id : null}
          search={search}
        />
      }
    />
  );
}

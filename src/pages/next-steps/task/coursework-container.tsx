import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import type { CourseworkItem } from '../../../../contract/coursework.schema.js';
import {
  courseworkDue,
  isCourseworkInFilter,
  isCourseworkOverdue,
} from '../../../lib/coursework.js';
import { emptyText } from '../../../lib/task-filter.js';
import type { TaskCategory, TaskFilter } from '../../../lib/task-filter.js';
import {
  selectCoursework,
  selectFailedId,
  selectSavingId,
} from '../../../machines/coursework-items.machine.js';
import { useNextSteps } from '../../../routes/next-steps/context.js';
import {
  CourseworkItems,
  CourseworkNotConnected,
  CourseworkProblem,
} from '../../../ui/next-steps/coursework-items.js';
import { Loading } from '../../../ui/loading.js';
import { useReadOnlyCapacity } from '../../../ui/view-as-context.js';
import type { NextStepsContext } from '../../../routes/next-steps/context.js';
import type { SnapshotFrom } from 'xstate';
import { useTaskListView } from './use-task-list-view.js';

type ListSnapshot = SnapshotFrom<NextStepsContext['list']>;

/** The coursework child's snapshot (issue 45), while the list runs it. */
const courseworkOf = (s: ListSnapshot) => s.children.coursework?.getSnapshot();

/**
 * The Coursework category in the Next Steps list (issue 45), loaded with the list, not before it:
 * the items of the list's coursework child in the active status filter, their Mark done, and the
 * broken-link notice. Nothing shows for a student without a coursework calendar.
 */
export function CourseworkContainer(props: {
  filter: TaskFilter;
  category: TaskCategory | undefined;
}) {
  // Drawn again when the language changes: the loading label and the empty text follow it.
  const { t } = useLingui();
  const { list, campus } = useNextSteps();
  const snapshot = useTaskListView(courseworkOf);
  const coursework = snapshot ? selectCoursework(snapshot) : null;
  // The campus clock's "now" of this render: an item past its due time shows overdue.
  const now = Date.now();
  const items = coursework?.items.filter((i) => isCourseworkInFilter(i, props.filter, now)) ?? [];
  const onSetDone = useCallback(
    (id: string, done: boolean) =>
      list.getSnapshot().children.coursework?.send({ type: 'coursework.setDone', id, done }),
    [list],
  );
  const feed = coursework?.feed;
  // Beside the checklist, coursework shows only once there is some; chosen alone, it says why not.
  const alone = props.category === 'coursework';
  // Issue 88: the student's coursework is no part of what a delegate was shared.
  const delegate = useReadOnlyCapacity() === 'delegate';
  if (!snapshot || delegate) return null;
  if (snapshot.hasTag('failed')) {
    return (
      <CourseworkProblem
        onRetry={() => list.getSnapshot().children.coursework?.send({ type: 'coursework.retry' })}
      />
    );
  }
  if (!feed) return alone ? <Loading label={t`Loading your coursework…`} /> : null;
  if (feed.state === 'none') return alone ? <CourseworkNotConnected /> : null;
  return (
    <CourseworkItems
      items={items}
      brokenSource={feed.status === 'broken' ? feed.source : null}
      brokenKind={feed.kind}
      dueLabel={(item: CourseworkItem) => courseworkDue(item, campus.timeZone)}
      isOverdue={(item: CourseworkItem) => isCourseworkOverdue(item, now)}
      // Chosen as the category, an empty filter says so; beside the checklist, it shows nothing.
      emptyText={alone ? emptyText(props.filter) : null}
      savingId={selectSavingId(snapshot)}
      failedId={selectFailedId(snapshot)}
      onSetDone={onSetDone}
    />
  );
}

import {
  selectAnnouncedOverdue,
  selectFirstOverdueTaskId,
  selectIsAcknowledging,
  selectIsInError,
  selectMessage,
} from '../../../machines/task-list.context.js';
import { AppMessage, ErrorPanel, OverdueAnnouncement } from '../../../ui/next-steps/notices.js';
import { useNextSteps } from '../../../routes/next-steps/context.js';
import { useTaskListView } from './use-task-list-view.js';

export type ListStatus = 'loading' | 'problem' | 'ready';

/** Whether the list is loading, has a problem to show (next-steps.md §4 Error state), or is ready. */
export function useListStatus(): ListStatus {
  // The error state lives in the list's error child: read through it, redrawn when it changes.
  return useTaskListView((s) =>
    s.hasTag('loading')
      ? 'loading'
      : s.hasTag('failed') || selectIsInError(s)
        ? 'problem'
        : 'ready',
  );
}

/** The error panel: a sentence for the student and a retry; the detail went to the log. */
export function ListProblem() {
  const { list } = useNextSteps();
  return (
    <ErrorPanel
      onRetry={() => {
        list.send({ type: 'list.retry' });
        list.send({ type: 'list.refresh', at: Date.now(), force: true });
      }}
    />
  );
}

/** The system message and the overdue announcement above the list. */
export function ListNotices() {
  const { list } = useNextSteps();
  const message = useTaskListView(selectMessage);
  // The acknowledgement runs in its own child actor; overdue is read from each task's actor.
  const acknowledging = useTaskListView(selectIsAcknowledging);
  const overdueCount = useTaskListView(selectAnnouncedOverdue);
  const firstOverdue = useTaskListView(selectFirstOverdueTaskId);
  return (
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
  );
}

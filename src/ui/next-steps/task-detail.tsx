import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { APPOINTMENT_BOOKED } from '../../../contract/next-steps/task.schema.js';
import type { UserTask } from '../../../contract/next-steps/task.schema.js';
import type { TaskSearch } from '../../lib/task-filter.js';
import { isDismissed, isDone, isDue } from '../../lib/task-rules.js';
import { formatDateTime, formatEndLong, formatLongDate } from '../../lib/time.js';
import { useReadOnly } from '../view-as-context.js';
import { ReadOnlyReason } from '../read-only-reason.js';
import { RECORDS_LANG } from './records-lang.js';

/** The intents the actions send; the task's owner decides which change each one asks for. */
export type TaskAction = 'task.toggleDone' | 'task.dismiss' | 'task.toggleBookmark' | 'task.doNow';

export interface TaskDetailProps {
  userTask: UserTask | undefined;
  pending: boolean;
  /**
   * The page shows what was kept for offline (issue 44): Mark done and Bookmark are kept and sent
   * later; Dismiss and Do now wait, saying why.
   */
  offline?: boolean;
  /** A change made offline waits to be sent (issue 44). */
  waiting?: boolean;
  nextTaskId: number | null;
  search: TaskSearch;
  onAction: (action: TaskAction) => void;
}

/** The link back to the list, keeping the filter. */
function BackToList({ search, always }: { search: TaskSearch; always?: boolean }) {
  return (
    <Link
      to="/task/{-$task_id}"
      params={{ task_id: undefined }}
      search={search}
      // Beside the list (wide screens) the detail's own way back is not needed; this one always is.
      className={always ? undefined : 'task-detail__back'}
    >
      <Trans>Back to the list</Trans>
    </Link>
  );
}

/** The address names a task the student does not have (or no task at all). */
export function TaskUnavailable({ search }: { search: TaskSearch }) {
  return (
    <article className="task-detail" aria-labelledby="task-detail-title">
      <h2 id="task-detail-title" data-page-focus>
        <Trans>This task is not available</Trans>
      </h2>
      <p>
        <Trans>It may have been removed, or the link may be wrong.</Trans>
      </p>
      <BackToList search={search} always />
    </article>
  );
}

/** The detail pane: the task's description, its dates and its four actions. */
export function TaskDetail(props: TaskDetailProps) {
  const { userTask: t, pending, offline = false, waiting, nextTaskId, search, ...on } = props;
  const readOnly = useReadOnly();
  if (!t) {
    return (
      <p className="task-detail__empty">
        <Trans>Choose a task to see what to do.</Trans>
      </p>
    );
  }
  const done = isDone(t);
  const dismissed = isDismissed(t);
  // The task's text in its language: without `lang`, as the staff wrote it, English (issue 76).
  const lang = t.task.lang ?? RECORDS_LANG;
  return (
    <article className="task-detail" aria-labelledby="task-detail-title">
      <BackToList search={search} />
      <h2 id="task-detail-title" data-page-focus lang={lang}>
        {t.task.title}
      </h2>
      {t.task.is_important && t.task.important_reason && (
        <p className="task-detail__important">
          <Trans>
            Important: <span lang={lang}>{t.task.important_reason}</span>
          </Trans>
        </p>
      )}
      {t.overdue && !done && !dismissed && (
        <p className="task-detail__overdue">
          <Trans>Overdue: its date has passed, and it is not done yet.</Trans>
        </p>
      )}
      <dl className="task-detail__dates">
        {t.task.starts_on && (
          <>
            <dt>
              <Trans>Starts</Trans>
            </dt>
            <dd>{formatLongDate(t.task.starts_on)}</dd>
          </>
        )}
        {t.task.ends_on && (
          <>
            <dt>{isDue(t.task) ? <Trans>Due</Trans> : <Trans>Ends</Trans>}</dt>
            <dd>{formatEndLong(t.task.ends_on, t.task.ends_on_day)}</dd>
          </>
        )}
        {t.completed_on && (
          <>
            <dt>
              <Trans context="task">Done</Trans>
            </dt>
            <dd>
              {formatDateTime(t.completed_on)}
              {t.completed_in ? (
                <>
                  {' · '}
                  <CompletedIn t={t} />
                </>
              ) : null}
            </dd>
          </>
        )}
        {t.do_now_on && (
          <>
            <dt>
              <Trans>Do now</Trans>
            </dt>
            <dd>{formatDateTime(t.do_now_on)}</dd>
          </>
        )}
      </dl>
      <p className="task-detail__description" lang={lang}>
        {t.task.description}
      </p>
      <div className="task-detail__actions" aria-busy={pending}>
        <ActionButton
          primary
          unavailable={pending || Boolean(done && t.completed_in)}
          onPress={() => on.onAction('task.toggleDone')}
        >
          {done ? <Trans>Mark not done</Trans> : <Trans>Mark done</Trans>}
        </ActionButton>
        <ActionButton
          unavailable={pending || offline}
          describedBy={offline ? 'task-detail-offline' : undefined}
          onPress={() => on.onAction('task.dismiss')}
        >
          {dismissed ? <Trans>Restore</Trans> : <Trans context="task">Dismiss</Trans>}
        </ActionButton>
        <ActionButton
          unavailable={pending}
          pressed={t.starred}
          onPress={() => on.onAction('task.toggleBookmark')}
        >
          {t.starred ? <Trans>Remove bookmark</Trans> : <Trans>Bookmark</Trans>}
        </ActionButton>
        <ActionButton
          unavailable={pending || offline || t.do_now_on !== null}
          describedBy={offline ? 'task-detail-offline task-detail-do-now' : 'task-detail-do-now'}
          onPress={() => on.onAction('task.doNow')}
        >
          <Trans>Do now</Trans>
        </ActionButton>
      </div>
      {readOnly && (
        <p id="task-detail-read-only" className="task-detail__hint">
          <ReadOnlyReason readOnly="view-as" />
        </p>
      )}
      {offline && (
        <p id="task-detail-offline" className="task-detail__hint">
          <Trans>
            You’re offline: Dismiss and Do now can be used again once you’re back online. Mark done
            and Bookmark are kept and sent then.
          </Trans>
        </p>
      )}
      <p className="task-detail__waiting" role="status">
        {waiting ? <WaitingToSend /> : null}
      </p>
      <p id="task-detail-do-now" className="task-detail__hint">
        {t.do_now_on === null ? (
          <Trans>Do now tags this task as the one you are working on; the tag stays.</Trans>
        ) : (
          <Trans>You tagged this task to do now.</Trans>
        )}
      </p>
      {nextTaskId !== null && (
        <Link
          to="/task/{-$task_id}"
          params={{ task_id: String(nextTaskId) }}
          search={search}
          className="task-detail__next"
        >
          <Trans>Next task</Trans>
        </Link>
      )}
    </article>
  );
}

/** A change made offline, shown as made, that the server does not have yet (issue 44). */
export function WaitingToSend() {
  return <Trans>Waiting to send — you’re offline</Trans>;
}

/**
 * Who marked it done, which the student cannot undo: "Completed in Financial Aid", a department's
 * system (issue 60), or the student's record (issue 74): "Completed: Registrar removed this hold",
 * else "Completed: your record changed"; an advising campaign an appointment completed (issue 92):
 * "Completed: appointment booked with Advising Center".
 */
export function CompletedIn({ t }: { t: UserTask }) {
  const publisher = t.completed_in;
  const office = t.completed_because?.office;
  return office && t.completed_because?.kind === APPOINTMENT_BOOKED ? (
    <Trans>Completed: appointment booked with {office}</Trans>
  ) : office ? (
    <Trans>Completed: {office} removed this hold</Trans>
  ) : t.completed_because ? (
    <Trans>Completed: your record changed</Trans>
  ) : (
    <Trans>Completed in {publisher}</Trans>
  );
}

/**
 * A task action that keeps its focus while it cannot be used: `aria-disabled`, not `disabled` (a
 * disabled button drops the focus to the page), so after Mark done, Dismiss, Bookmark or Do now
 * the keyboard stays on the control just pressed, which then says what it does now.
 */
function ActionButton(props: {
  unavailable: boolean;
  /** The task's main action (Mark done): the one filled button. */
  primary?: boolean;
  /** The id of a text that explains the action. */
  describedBy?: string;
  pressed?: boolean;
  onPress: () => void;
  children: ReactNode;
}) {
  // Issue 73: support viewing as the student changes nothing; the note says why.
  const readOnly = useReadOnly();
  const unavailable = props.unavailable || readOnly;
  return (
    <button
      type="button"
      aria-disabled={unavailable}
      aria-pressed={props.pressed}
      aria-describedby={readOnly ? 'task-detail-read-only' : props.describedBy}
      className={props.primary ? 'task-detail__primary' : undefined}
      onClick={() => {
        if (!unavailable) props.onPress();
      }}
    >
      {props.children}
    </button>
  );
}

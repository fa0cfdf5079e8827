import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Link } from '@tanstack/react-router';
import type { UserMessage } from '../../../contract/next-steps/user.schema.js';
import { messageKey } from '../../lib/message-key.js';
import type { Toast } from '../../lib/toasts.js';
import { ReadOnlyNote } from '../read-only-note.js';
import { useReadOnly } from '../view-as-context.js';

/**
 * The overdue announcement's words, in the active language: read as the announcement draws.
 * next-steps.md §2 gives them verbatim (issue 76): "You have N overdue task(s). Click here to get
 * started now", the second sentence the link to the overdue filter and the first overdue task.
 */
export function overdueWords(count: number): { sentence: string; link: string } {
  return {
    sentence: t`You have ${count} overdue task(s).`,
    link: t`Click here to get started now`,
  };
}

/**
 * next-steps.md §2 Overdue announcement: dismiss-only; its link opens the overdue filter and the
 * first overdue task.
 */
export function OverdueAnnouncement(props: {
  count: number;
  firstTaskId: number | null;
  onDismiss: () => void;
}) {
  // Drawn again when the language changes: the words come from the active catalogue.
  const { t } = useLingui();
  const words = overdueWords(props.count);
  return (
    <div className="notice notice--info" role="status">
      <p>
        {words.sentence}{' '}
        <Link
          to="/task/{-$task_id}"
          params={{ task_id: props.firstTaskId === null ? undefined : String(props.firstTaskId) }}
          search={{ show: 'overdue' }}
        >
          {words.link}
        </Link>
      </p>
      <button
        type="button"
        className="notice__dismiss"
        aria-label={t`Dismiss`}
        onClick={props.onDismiss}
      >
        ×
      </button>
    </div>
  );
}

/**
 * The app message (the user's first message), until acknowledged; support viewing as the student
 * acknowledges nothing (issue 87), and the button says why.
 */
export function AppMessage(props: {
  message: UserMessage;
  busy: boolean;
  onAcknowledge: () => void;
}) {
  const readOnly = useReadOnly();
  return (
    <section className="notice notice--message" aria-labelledby="app-message-title">
      <div>
        <h2 id="app-message-title" className="notice__title" lang="en">
          {props.message.title}
        </h2>
        <p lang="en">{props.message.body}</p>
        <ReadOnlyNote id="app-message-read-only" />
      </div>
      <button
        type="button"
        disabled={props.busy || readOnly}
        aria-describedby={readOnly ? 'app-message-read-only' : undefined}
        onClick={props.onAcknowledge}
      >
        <Trans>Acknowledge</Trans>
      </button>
    </section>
  );
}

/** Toast-like notifications, each dismissable. */
export function Toasts(props: {
  toasts: Toast[];
  onDismiss: (message: MessageDescriptor) => void;
}) {
  const { i18n, t } = useLingui();
  return (
    <div className="toasts" role="alert" aria-live="assertive">
      {props.toasts.map((toast) => (
        <div key={messageKey(toast.message)} className={`toast toast--${toast.level}`}>
          <span>{i18n._(toast.message)}</span>
          <button
            type="button"
            aria-label={t`Dismiss`}
            onClick={() => props.onDismiss(toast.message)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** What the student reads when the list cannot be shown; the technical detail goes to the log. */
export const listProblem = msg`We could not reach Next Steps just now. Check your connection, then try again.`;

/** Shown instead of the list while the app counts as in error. */
export function ErrorPanel(props: { onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <div className="notice notice--error" role="alert">
      <p>{i18n._(listProblem)}</p>
      <button type="button" onClick={props.onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}

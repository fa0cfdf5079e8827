import { Link } from '@tanstack/react-router';
import type { UserMessage } from '../../../contract/next-steps/user.schema.js';
import type { Toast } from '../../lib/toasts.js';

/**
 * next-steps.md §2 Overdue announcement: dismiss-only; its link opens the overdue filter and the
 * first overdue task.
 */
export function OverdueAnnouncement(props: {
  count: number;
  firstTaskId: number | null;
  onDismiss: () => void;
}) {
  return (
    <div className="notice notice--info" role="status">
      <p>
        You have {props.count} overdue task(s).{' '}
        <Link
          to="/task/{-$task_id}"
          params={{ task_id: props.firstTaskId === null ? undefined : String(props.firstTaskId) }}
          search={{ show: 'overdue' }}
        >
          Click here to get started now
        </Link>
      </p>
      <button
        type="button"
        className="notice__dismiss"
        aria-label="Dismiss"
        onClick={props.onDismiss}
      >
        ×
      </button>
    </div>
  );
}

/** The app message (the user's first message), until acknowledged. */
export function AppMessage(props: {
  message: UserMessage;
  busy: boolean;
  onAcknowledge: () => void;
}) {
  return (
    <section className="notice notice--message" aria-labelledby="app-message-title">
      <div>
        <h2 id="app-message-title" className="notice__title">
          {props.message.title}
        </h2>
        <p>{props.message.body}</p>
      </div>
      <button type="button" disabled={props.busy} onClick={props.onAcknowledge}>
        Acknowledge
      </button>
    </section>
  );
}

/** Toast-like notifications, each dismissable. */
export function Toasts(props: { toasts: Toast[]; onDismiss: (message: string) => void }) {
  return (
    <div className="toasts" role="alert" aria-live="assertive">
      {props.toasts.map((t) => (
        <div key={t.message} className={`toast toast--${t.level}`}>
          <span>{t.message}</span>
          <button type="button" aria-label="Dismiss" onClick={() => props.onDismiss(t.message)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** What the student reads when the list cannot be shown; the technical detail goes to the log. */
export const LIST_PROBLEM =
  'We could not reach Next Steps just now. Check your connection, then try again.';

/** Shown instead of the list while the app counts as in error. */
export function ErrorPanel(props: { onRetry: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{LIST_PROBLEM}</p>
      <button type="button" onClick={props.onRetry}>
        Try again
      </button>
    </div>
  );
}

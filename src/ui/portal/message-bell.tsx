import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import './messages.css';

/** The bell's accessible name carries the unread count: "Messages, 3 unread". */
export function useBellLabel(): (unread: number) => string {
  const { t } = useLingui();
  return (unread) => (unread > 0 ? t`Messages, ${unread} unread` : t`Messages`);
}

/** portal.md §2 toolbar message bell: links to the Messages page, with the unread count. */
export function MessageBell({ unread }: { unread: number }) {
  const bellLabel = useBellLabel();
  return (
    <Link to="/messages" className="message-bell" aria-label={bellLabel(unread)}>
      <svg className="message-bell__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
      </svg>
      {unread > 0 && (
        <span className="message-bell__count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}

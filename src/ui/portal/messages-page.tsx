import type { ReactNode } from 'react';
import type { InboxMessage } from '../../lib/messages.js';
import { ActionLink } from './action-link.js';
import { Loading } from '../loading.js';
import { ReadFailedText } from '../read-failed.js';
import { MessageText } from './message-text.js';
import { SectionPage } from './section-page.js';
import './messages.css';

export interface MessagesPageProps {
  status: 'loading' | 'loaded' | 'empty' | 'error';
  unread: readonly InboxMessage[];
  read: readonly InboxMessage[];
  formatDate: (iso: string) => string;
  onRead: (key: string) => void;
  onReadAll: () => void;
  onRetry: () => void;
  /** The page's toolbar: title, the bell with the live unread count, the profile image. */
  toolbar?: ReactNode;
}

function MessageItem({
  message,
  formatDate,
  onRead,
}: {
  message: InboxMessage;
  formatDate: (iso: string) => string;
  onRead: (key: string) => void;
}) {
  const headingId = `${message.key}-title`;
  return (
    <li className={`message${message.read ? '' : ' message--unread'}`}>
      <article aria-labelledby={headingId}>
        <h3 id={headingId} className="message__title" lang={message.lang}>
          {message.title}
        </h3>
        <p className="message__meta">
          {message.from && `From ${message.from} · `}
          <time dateTime={message.created_on}>{formatDate(message.created_on)}</time>
          {message.is_nudge && ' · Please confirm or update'}
        </p>
        <MessageText className="message__body" text={message.body} lang={message.lang} />
        <div className="message__actions">
          {message.action_link && <ActionLink href={message.action_link} title={message.title} />}
          {!message.read && (
            <button
              type="button"
              className="button button--quiet"
              aria-label={`Mark read: ${message.title}`}
              onClick={() => onRead(message.key)}
            >
              Mark read
            </button>
          )}
        </div>
      </article>
    </li>
  );
}

/** portal.md §3 Messages: unread first, then read; mark one or all read; loader states (§4). */
export function MessagesPage(props: MessagesPageProps) {
  const { status, unread, read, formatDate, onRead, onReadAll, onRetry, toolbar } = props;
  const item = (m: InboxMessage) => (
    <MessageItem key={m.key} message={m} formatDate={formatDate} onRead={onRead} />
  );
  return (
    <SectionPage title="Messages" toolbar={toolbar}>
      {status === 'loading' && <Loading />}
      {status === 'error' && (
        <div className="messages__error">
          <ReadFailedText />
          <button type="button" className="button" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {status === 'empty' && <p className="muted">You have no messages.</p>}
      {status === 'loaded' && (
        <>
          <div className="messages__toolbar">
            <p className="messages__count" id="messages-count" role="status">
              {unread.length === 0
                ? 'You are all caught up: no unread messages.'
                : `${unread.length} unread`}
            </p>
            {unread.length > 0 && (
              <button
                type="button"
                className="button"
                data-focus-after="messages-count"
                onClick={onReadAll}
              >
                Mark all read
              </button>
            )}
          </div>
          {unread.length > 0 && (
            <section aria-labelledby="messages-unread">
              <h2 id="messages-unread" className="messages__heading">
                Unread
              </h2>
              <ul className="messages__list">{unread.map(item)}</ul>
            </section>
          )}
          {read.length > 0 && (
            <section aria-labelledby="messages-read">
              <h2 id="messages-read" className="messages__heading">
                Read
              </h2>
              <ul className="messages__list">{read.map(item)}</ul>
            </section>
          )}
        </>
      )}
    </SectionPage>
  );
}

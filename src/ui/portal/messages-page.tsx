import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import type { ReactNode } from 'react';
import type { InboxMessage } from '../../lib/messages.js';
import { ActionLink } from './action-link.js';
import { Loading } from '../loading.js';
import { ReadFailedText } from '../read-failed.js';
import { withEnglishParts } from './english-parts.js';
import { MessageText } from './message-text.js';
import type { More } from '../../lib/more-pages.js';
import { ShowMore, useFocusAdded } from '../show-more.js';
import { SectionPage } from './section-page.js';
import './messages.css';
import { useReadOnly, useReadOnlyCapacity } from '../view-as-context.js';
import { readOnlyText } from '../../lib/read-only.js';
import { RECORDS_LANG } from '../record-text.js';

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
  /** Issue 87: unread of the whole list, the pages not loaded included (else the loaded ones). */
  unreadCount?: number;
  /** Whether a next page is there ("Show more messages"), and the keys the last one added. */
  more?: More;
  added?: readonly string[];
  onMore?: () => void;
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
  const { t } = useLingui();
  const readOnly = useReadOnly();
  const headingId = `${message.key}-title`;
  const { from, title } = message;
  // A nudge's title and body are the SIS's words, English: marked so in another language (issue 76).
  const lang = message.is_nudge ? RECORDS_LANG : message.lang;
  return (
    <li className={`message${message.read ? '' : ' message--unread'}`}>
      <article aria-labelledby={headingId} data-message={message.key} tabIndex={-1}>
        <h3 id={headingId} className="message__title" lang={lang}>
          {withEnglishParts(message.title, message.english)}
        </h3>
        <p className="message__meta">
          {from && `${t`From ${from}`} · `}
          <time dateTime={message.created_on}>{formatDate(message.created_on)}</time>
          {message.is_nudge && ` · ${t`Please confirm or update`}`}
        </p>
        <MessageText
          className="message__body"
          text={message.body}
          lang={lang}
          english={message.english}
        />
        <div className="message__actions">
          {message.action_link && <ActionLink href={message.action_link} title={message.title} />}
          {!message.read && (
            <button
              type="button"
              className="button button--quiet"
              aria-label={t`Mark read: ${title}`}
              // Issue 73: support viewing as the student marks nothing read (the toolbar says why).
              disabled={readOnly}
              onClick={() => onRead(message.key)}
            >
              <Trans>Mark read</Trans>
            </button>
          )}
        </div>
      </article>
    </li>
  );
}

const NONE: readonly string[] = [];

/** portal.md §3 Messages: unread first, then read; mark one or all read; loader states (§4). */
export function MessagesPage(props: MessagesPageProps) {
  const { t } = useLingui();
  const capacity = useReadOnlyCapacity();
  const readOnly = capacity !== null;
  const { status, unread, read, formatDate, onRead, onReadAll, onRetry, toolbar } = props;
  const count = props.unreadCount ?? unread.length;
  const list = useRef<HTMLDivElement>(null);
  useFocusAdded(list, props.added ?? NONE, 'message');
  const item = (m: InboxMessage) => (
    <MessageItem key={m.key} message={m} formatDate={formatDate} onRead={onRead} />
  );
  return (
    <SectionPage title={t`Messages`} toolbar={toolbar}>
      {status === 'loading' && <Loading />}
      {status === 'error' && (
        <div className="messages__error">
          <ReadFailedText />
          <button type="button" className="button" onClick={onRetry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {status === 'empty' && (
        <p className="muted">
          <Trans>You have no messages.</Trans>
        </p>
      )}
      {status === 'loaded' && (
        <div ref={list}>
          <div className="messages__toolbar">
            <p className="messages__count" id="messages-count" role="status">
              {count === 0
                ? t`You are all caught up: no unread messages.`
                : plural(count, { one: '# unread', other: '# unread' })}
            </p>
            {capacity && <p className="messages__read-only">{readOnlyText(capacity)}</p>}
            {/* Issue 87: unread messages on pages not loaded are marked too. */}
            {count > 0 && (
              <button
                type="button"
                className="button"
                data-focus-after="messages-count"
                disabled={readOnly}
                onClick={onReadAll}
              >
                <Trans>Mark all read</Trans>
              </button>
            )}
          </div>
          {unread.length > 0 && (
            <section aria-labelledby="messages-unread">
              <h2 id="messages-unread" className="messages__heading">
                <Trans>Unread</Trans>
              </h2>
              <ul className="messages__list">{unread.map(item)}</ul>
            </section>
          )}
          {read.length > 0 && (
            <section aria-labelledby="messages-read">
              <h2 id="messages-read" className="messages__heading">
                <Trans>Read</Trans>
              </h2>
              <ul className="messages__list">{read.map(item)}</ul>
            </section>
          )}
          <ShowMore
            className="messages__more"
            more={props.more ?? 'none'}
            onMore={props.onMore ?? (() => {})}
            words={{
              show: <Trans>Show more messages</Trans>,
              loading: <Trans>Loading more messages…</Trans>,
              failed: <Trans>More messages could not be loaded.</Trans>,
            }}
          />
        </div>
      )}
    </SectionPage>
  );
}

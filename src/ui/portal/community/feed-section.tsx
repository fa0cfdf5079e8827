import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { FeedEvent } from '../../../../contract/events.schema.js';
import { Loading } from '../../loading.js';
import { ReadFailedText } from '../../read-failed.js';
import { EventList } from './event-card.js';
import type { CardImages } from './event-card.js';

export type FeedStatus = 'loading' | 'loaded' | 'empty' | 'error';

export interface FeedSectionProps {
  id: string;
  title: string;
  status: FeedStatus;
  events: FeedEvent[];
  /** portal.md §4 empty text of this feed. */
  emptyText: string;
  onRetry: () => void;
  /** Shown under the list whatever its state (links to the full calendars). */
  footer?: ReactNode;
  compact?: boolean;
  /** Which images the cards show (event-card.tsx); unset: by `compact`. */
  images?: CardImages;
  /** An extra class for where the section stands (a page section, a dashboard block). */
  className?: string;
}

/** portal.md §4 Loaders for one feed: loading, "Error retrieving info" with a retry, empty, the list. */
export function FeedSection(props: FeedSectionProps) {
  const headingId = `${props.id}-heading`;
  return (
    <section
      className={`feed-section ${props.className ?? ''}`.trim()}
      aria-labelledby={headingId}
      aria-busy={props.status === 'loading'}
    >
      <h2 id={headingId} className="feed-section__title">
        {props.title}
      </h2>
      {props.status === 'loading' && <Loading />}
      {props.status === 'error' && (
        <div className="feed-section__error">
          <ReadFailedText />
          <button type="button" className="button button--quiet" onClick={props.onRetry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {props.status === 'empty' && <p className="muted">{props.emptyText}</p>}
      {props.status === 'loaded' && (
        <EventList
          events={props.events}
          compact={props.compact ?? false}
          {...(props.images ? { images: props.images } : {})}
        />
      )}
      {props.footer}
    </section>
  );
}

import { useLingui } from '@lingui/react/macro';
import { use, useState } from 'react';
import { formatEventTime } from '../../../lib/time.js';
import { FeedZoneContext } from './feed-zone.js';
import { RECORDS_LANG } from '../../record-text.js';
import { FEED_IMAGE_WIDTHS } from '../../../../contract/events.schema.js';
import type { FeedEvent, LocationType } from '../../../../contract/events.schema.js';
import { NewTabNote } from '../../new-tab-note.js';

const PLACE: Record<LocationType, string> = {
  'in-person': 'In person',
  online: 'Online',
  hybrid: 'In person and online',
};

/**
 * How an item's place reads: "In person · Lincoln Hall 75", "Online"; `kinds` names the kinds of
 * place in the reader's language (English without).
 */
export function placeOf(
  event: FeedEvent,
  kinds: Record<LocationType, string> = PLACE,
): string | null {
  const { kind, where } = placeParts(event, kinds);
  return [kind, where].filter(Boolean).join(' · ') || null;
}

/** The kind of place in the reader's language, and the feed's own place name (English). */
function placeParts(event: FeedEvent, kinds: Record<LocationType, string>) {
  const english = event.locationType ? PLACE[event.locationType] : null;
  const kind = event.locationType ? kinds[event.locationType] : null;
  const where =
    event.location && event.location !== english && event.location !== kind ? event.location : null;
  return { kind, where };
}

/** The kinds of place in the reader's language. */
function usePlaceKinds(): Record<LocationType, string> {
  const { t } = useLingui();
  return { 'in-person': t`In person`, online: t`Online`, hybrid: t`In person and online` };
}

/** The card's image at the widths the server makes: 400 for the 160 px card, 800 for a phone's. */
const [SMALL, LARGE] = FEED_IMAGE_WIDTHS;
const IMAGE_SIZES = '(max-width: 799px) calc(100vw - 3rem), 160px';

/**
 * One event or news item: its image (lazy, sized, described; served by the portal, which fetched it)
 * when it has one — an item without one is text alone, never a row of identical drawn placeholders
 * (issue 43) — title as an external link (new tab), date and time on the campus clock, place and
 * whether it is in person or online, its group.
 */
/**
 * Which images a card shows: `when-present`, its image when it has one (the news block shows a
 * story's image even in its compact list); `none`. Unset: `none` for a compact card.
 */
export type CardImages = 'when-present' | 'none';

export function EventCard({
  event,
  compact = false,
  images = compact ? 'none' : 'when-present',
}: {
  event: FeedEvent;
  compact?: boolean;
  images?: CardImages;
}) {
  const { kind, where } = placeParts(event, usePlaceKinds());
  // The server writes the time in US English; another language's reader gets it in theirs.
  const when =
    event.start === null
      ? null
      : formatEventTime(event.start, event.end, use(FeedZoneContext), event.allDay ?? false);
  // The server names only images some process holds; one that still fails to load (issue 62) keeps
  // its place with the drawn placeholder, so the card neither jumps nor shows a broken image.
  const [imageFailed, setImageFailed] = useState(false);
  const image = event.image && !imageFailed ? event.image : null;
  return (
    <article className={`event-card${compact ? ' event-card--compact' : ''}`}>
      {images !== 'none' && event.image && imageFailed && (
        <div
          className="event-card__image event-card__image--placeholder"
          data-testid="image-placeholder"
          aria-hidden="true"
        />
      )}
      {images !== 'none' && image && (
        <img
          className="event-card__image"
          src={`${image}?w=${SMALL}`}
          srcSet={`${image}?w=${SMALL} ${SMALL}w, ${image}?w=${LARGE} ${LARGE}w`}
          sizes={IMAGE_SIZES}
          alt={event.image_alt}
          lang={RECORDS_LANG}
          loading="lazy"
          decoding="async"
          width={160}
          height={100}
          onError={() => setImageFailed(true)}
        />
      )}
      <div className="event-card__text">
        <h3 className="event-card__title">
          {event.link ? (
            <a href={event.link} target="_blank" rel="noopener">
              <span lang={RECORDS_LANG}>{event.title}</span>
              <NewTabNote />
            </a>
          ) : (
            <span lang={RECORDS_LANG}>{event.title}</span>
          )}
        </h3>
        {(when ?? event.datetime_string) && (
          <p className="event-card__when">
            {event.start ? (
              <time dateTime={event.start}>{when ?? event.datetime_string}</time>
            ) : (
              event.datetime_string
            )}
          </p>
        )}
        {(kind ?? where) && (
          <p className="event-card__where">
            {kind}
            {kind && where && ' · '}
            {where && <span lang={RECORDS_LANG}>{where}</span>}
          </p>
        )}
        {event.group && (
          <p className="event-card__group muted" lang={RECORDS_LANG}>
            {event.group}
          </p>
        )}
      </div>
    </article>
  );
}

/** A list of items, each an EventCard. */
export function EventList({
  events,
  compact,
  images,
}: {
  events: FeedEvent[];
  compact?: boolean;
  images?: CardImages;
}) {
  return (
    <ul className="event-list">
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} compact={compact ?? false} {...(images ? { images } : {})} />
        </li>
      ))}
    </ul>
  );
}

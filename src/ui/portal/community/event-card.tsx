import { useState } from 'react';
import type { FeedEvent, LocationType } from '../../../../contract/events.schema.js';

const PLACE: Record<LocationType, string> = {
  'in-person': 'In person',
  online: 'Online',
  hybrid: 'In person and online',
};

/** How an item's place reads: "In person · Lincoln Hall 75", "Online". */
export function placeOf(event: FeedEvent): string | null {
  const kind = event.locationType ? PLACE[event.locationType] : null;
  const where = event.location && event.location !== kind ? event.location : null;
  return [kind, where].filter(Boolean).join(' · ') || null;
}

/**
 * One event or news item: its image (lazy, sized, described), title as an external link (new tab),
 * date and time on the campus clock, place and whether it is in person or online, its group.
 */
export function EventCard({ event, compact = false }: { event: FeedEvent; compact?: boolean }) {
  const place = placeOf(event);
  // A feed's image host may be down or gone: a broken image is dropped rather than shown empty.
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <article className={`event-card${compact ? ' event-card--compact' : ''}`}>
      {event.image && !compact && !imageFailed && (
        <img
          className="event-card__image"
          src={event.image}
          alt={event.image_alt}
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
              {event.title}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            event.title
          )}
        </h3>
        {event.datetime_string && (
          <p className="event-card__when">
            {event.start ? (
              <time dateTime={event.start}>{event.datetime_string}</time>
            ) : (
              event.datetime_string
            )}
          </p>
        )}
        {place && <p className="event-card__where">{place}</p>}
        {event.group && <p className="event-card__group muted">{event.group}</p>}
      </div>
    </article>
  );
}

/** A list of items, each an EventCard. */
export function EventList({ events, compact }: { events: FeedEvent[]; compact?: boolean }) {
  return (
    <ul className="event-list">
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} compact={compact ?? false} />
        </li>
      ))}
    </ul>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { CampusLink } from '../../../../contract/campus.schema.js';
import type { FeedEvent } from '../../../../contract/events.schema.js';
import { FeedSection } from './feed-section.js';
import type { FeedStatus } from './feed-section.js';
import './community.css';
import { NewTabNote } from '../../new-tab-note.js';

export interface EventCalendarProps {
  place: 'dashboard' | 'other';
  status: FeedStatus;
  /** Already cut to the place's count (2 on the dashboard, 12 elsewhere). */
  events: FeedEvent[];
  onRetry: () => void;
  /** The external event sites (campus configuration), linked away from the dashboard. */
  sites: readonly CampusLink[];
}

/**
 * portal.md §2 Event Calendar: the university's upcoming events. On the dashboard it links to
 * Community; elsewhere it links to the external event sites (new tab).
 */
export function EventCalendar(props: EventCalendarProps) {
  const { t } = useLingui();
  const onDashboard = props.place === 'dashboard';
  const footer = onDashboard ? (
    <p className="event-calendar__more">
      <Link to="/community">
        <Trans>See all events in Community</Trans>
      </Link>
    </p>
  ) : (
    <ul className="event-calendar__sites">
      {props.sites.map((site) => (
        <li key={site.url}>
          <a href={site.url} target="_blank" rel="noopener">
            <span lang={site.lang}>{site.label}</span>
            <NewTabNote />
          </a>
        </li>
      ))}
    </ul>
  );
  return (
    <FeedSection
      id={onDashboard ? 'event-calendar' : 'university-events'}
      title={onDashboard ? t`Event Calendar` : t`University events`}
      className={onDashboard ? 'block event-calendar' : 'event-calendar event-calendar--page'}
      status={props.status}
      events={props.events}
      emptyText={t`No upcoming events right now.`}
      onRetry={props.onRetry}
      footer={footer}
      compact={onDashboard}
    />
  );
}

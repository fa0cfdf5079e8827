import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import './community.css';

export interface CommunityPageProps {
  /** The university's events (the event calendar block, away from the dashboard). */
  universityEvents: ReactNode;
  groupEvents: ReactNode;
  news: ReactNode;
  /** The personal calendar subscription, when the page offers it. */
  calendar?: ReactNode;
  /** The page's toolbar (title, bell, profile image); without it, the title alone. */
  toolbar?: ReactNode;
}

/** portal.md §2 Community: what is happening on campus, from the university and its groups. */
export function CommunityPage(props: CommunityPageProps) {
  return (
    <section className="page community">
      {props.toolbar ?? (
        <h1 className="page__title">
          <Trans>Community</Trans>
        </h1>
      )}
      <p className="community__intro muted">
        <Trans>
          What is happening on campus: university events, events of student groups, and their news.
        </Trans>
      </p>
      <div className="community__grid">
        <div className="community__column">
          {props.universityEvents}
          {props.groupEvents}
        </div>
        <div className="community__column">
          {props.news}
          {props.calendar}
        </div>
      </div>
    </section>
  );
}

import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import './account.css';

export interface AccountPageProps {
  summary: ReactNode;
  photo: ReactNode;
  holds: ReactNode;
  profile: ReactNode;
  emergency: ReactNode;
  communication: ReactNode;
  keepingCurrent: ReactNode;
  /** Issue 73: who has seen the portal (support's views); absent, no such section. */
  views?: ReactNode;
  /** A student's coursework calendar (issue 45); absent, no such section. */
  coursework?: ReactNode;
  /** The colour theme; absent, no such section. */
  appearance?: ReactNode;
  /** The page's toolbar (title, bell, profile image); without it, the title alone. */
  toolbar?: ReactNode;
}

/** portal.md §2 Account page: who the university thinks you are, how to reach you, your holds. */
export function AccountPage(props: AccountPageProps) {
  return (
    <section className="page account-page" aria-labelledby="account-title">
      {props.toolbar ?? (
        <h1 id="account-title" className="page__title">
          <Trans>Account</Trans>
        </h1>
      )}
      <div>
        {props.summary}
        {props.photo}
      </div>
      {props.holds}
      {props.profile}
      {props.emergency}
      {props.communication}
      {props.keepingCurrent}
      {props.coursework}
      {props.appearance}
      {props.views}
    </section>
  );
}

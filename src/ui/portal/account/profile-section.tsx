import { Trans, useLingui } from '@lingui/react/macro';
import './account.css';
import type { ReactNode } from 'react';

export interface ProfileSectionProps {
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/**
 * portal.md §2 Account page: the collapsible "Show profile info" / "Hide profile info" section. A
 * native button with aria-expanded; the content stays loaded but hidden while collapsed.
 */
export function ProfileSection({ open, onToggle, children }: ProfileSectionProps) {
  const { t } = useLingui();
  return (
    <section
      id="profile"
      className="account-section profile-section"
      aria-labelledby="profile-heading"
    >
      <div className="profile-section__head">
        <h2 id="profile-heading">
          <Trans>Profile</Trans>
        </h2>
        <button
          type="button"
          className="button button--quiet"
          aria-expanded={open}
          aria-controls="profile-info"
          onClick={onToggle}
        >
          {open ? t`Hide profile info` : t`Show profile info`}
        </button>
      </div>
      <div id="profile-info" className="profile-section__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}

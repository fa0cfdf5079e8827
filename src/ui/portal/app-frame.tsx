import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PageAnnouncer } from '../page-announcer.js';

export interface AppFrameProps {
  sidebar: ReactNode;
  /** The integration-warning banner, when it shows. */
  banner?: ReactNode;
  flash?: ReactNode;
  modal?: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}

/** The portal's frame (portal.md §2 Layout): sidebar, banner and messages, the page, footer, modal. */
export function AppFrame({ sidebar, banner, flash, modal, footer, children }: AppFrameProps) {
  return (
    <div className="frame">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      {sidebar}
      <div className="frame__body">
        {banner}
        {flash}
        <main id="main" tabIndex={-1}>
          {children}
          {/* Last in main: inside a landmark, after the page it speaks of. */}
          <PageAnnouncer />
        </main>
        {footer}
      </div>
      {modal}
    </div>
  );
}

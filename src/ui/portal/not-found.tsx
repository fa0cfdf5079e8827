import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SectionPage } from './section-page.js';

export function NotFound({ toolbar }: { toolbar?: ReactNode }) {
  const { t } = useLingui();
  return (
    <SectionPage title={t`Page not found`} toolbar={toolbar}>
      <p>
        <Trans>We could not find that page.</Trans>
      </p>
      <p>
        <Link to="/">
          <Trans>Go to the dashboard</Trans>
        </Link>
      </p>
    </SectionPage>
  );
}

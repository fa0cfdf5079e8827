import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { delegateMenu, type DelegateShare } from '../../lib/delegate-capacity.js';
import { SharedSectionLink } from './delegate-link.js';
import { SectionPage } from './section-page.js';

/**
 * Issue 88: a page a delegate reached whose part of the record the student did not share with them
 * (an address typed or kept): said so, with the sections that are shared, in their menu's order.
 */
export function NotShared({ share, toolbar }: { share: DelegateShare; toolbar?: ReactNode }) {
  const { i18n, t } = useLingui();
  const student = share.student_name;
  return (
    <SectionPage title={t`Not shared with you`} toolbar={toolbar}>
      <p>
        <Trans>{student} has not shared this part of their record with you.</Trans>
      </p>
      <ul>
        {delegateMenu(share.categories).map((s) => (
          <li key={s.path}>
            <SharedSectionLink path={s.path}>{i18n._(s.label)}</SharedSectionLink>
          </li>
        ))}
      </ul>
    </SectionPage>
  );
}

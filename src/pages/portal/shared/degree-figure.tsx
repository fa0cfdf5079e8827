import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { fetchDegreeHeadline } from '../../../api/degree-headline.js';
import { usePortal } from '../../../routes/portal/context.js';
import { EmptyValue } from '../../../ui/portal/empty-value.js';
import { useReadFailedText } from '../../../ui/read-failed.js';
import { useSectionActor, useSectionView } from './use-section.js';

/**
 * Issue 92: the dashboard profile card's degree progress, once its code has arrived (after the
 * first screen, profile-summary-block.tsx): the share of requirements met ("38% complete", beside
 * the card's "Degree progress"), a link to Academics' section; the stand-in link while the audit
 * is read. One short line in both languages: the card is on a phone's first screen (issue 43).
 */
export function DegreeFigure({ Standin }: { Standin: ComponentType }) {
  const { http } = usePortal();
  const { t, i18n } = useLingui();
  const failed = useReadFailedText();
  const section = useSectionActor({
    component: 'degree-progress',
    load: () => fetchDegreeHeadline(http),
    isEmpty: (headline) => headline === null,
  });
  const { status, data } = useSectionView(section);
  if (status === 'error') return failed;
  if (status === 'empty') return <EmptyValue>{t`No audit on record`}</EmptyValue>;
  if (!data) return <Standin />;
  const met = i18n.number(data.percent_requirements / 100, { style: 'percent' });
  return (
    <Link to="/academics" hash="degree-progress">
      {t`${met} complete`}
    </Link>
  );
}

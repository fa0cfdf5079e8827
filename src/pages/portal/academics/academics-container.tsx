import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { seesStudentBlocks } from '../../../lib/sis-person.js';
import { askedTermOf } from './academics-reads.js';
import { selectDelegating, selectUser } from '../../../machines/app.machine.js';
import { EmployeeAcademics } from '../../../ui/portal/academics/academics-page.js';
import { StudentAcademics } from './academics-sections.js';
import { PageToolbar } from '../shared/blocks/page-toolbar-block.js';
import { ProfileSummaryBlock } from '../shared/blocks/profile-summary-block.js';
import { usePortal } from '../../../routes/portal/context.js';
import { usePageTitle } from '../shared/page-title.js';
import type { ReactElement } from 'react';
import { portalRouteApi } from '../../../routes/portal/route-api.js';

const academicsRoute = portalRouteApi('/academics');

// The route's loader starts the page's reads from the page's own chunk.
export { pageReads } from './academics-reads.js';

/**
 * portal.md §2 /academics: a student's own academic record (and the student's, for a delegate the
 * student shared Academics with, issue 88); others learn what the page is for.
 */
export function AcademicsContainer(): ReactElement | null {
  const { app, campus } = usePortal();
  const user = useSelector(app, selectUser);
  const delegating = useSelector(app, selectDelegating);
  const { term } = academicsRoute.useSearch();
  const { reads } = academicsRoute.useLoaderData();
  const navigate = academicsRoute.useNavigate();
  const { t } = useLingui();
  const title = t`Academics`;
  usePageTitle(title);
  if (!user && !delegating) return null;
  if ((user && !seesStudentBlocks(user)) || !reads)
    return (
      <EmployeeAcademics
        links={campus.academics.employeeLinks}
        toolbar={<PageToolbar title={title} titleId="academics-title" />}
        summary={<ProfileSummaryBlock place="academics" />}
      />
    );
  return (
    <StudentAcademics
      reads={reads}
      askedTerm={askedTermOf(term)}
      onSelectTerm={(chosen) => void navigate({ search: { term: Number(chosen) }, replace: true })}
    />
  );
}

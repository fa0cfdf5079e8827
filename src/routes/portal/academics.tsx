import { createRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { z } from 'zod';
import { isStudent } from '../../../contract/roles.rules.js';
import { termCodeSchema } from '../../../contract/sis/common.schema.js';
import { selectUser } from '../../machines/app.machine.js';
import { EmployeeAcademics } from '../../ui/portal/academics/academics-page.js';
import { StudentAcademics } from './academics-sections.js';
import { usePortal } from './context.js';
import { rootRoute } from './root.js';

/** `?term=` chooses the grades' term; anything but a term code (portal.md §3) is dropped. */
const academicsSearchSchema = z.object({
  term: termCodeSchema.optional().catch(undefined),
});

/** portal.md §2 /academics: a student's own academic record; others learn what the page is for. */
function AcademicsRoute() {
  const { app, campus } = usePortal();
  const user = useSelector(app, selectUser);
  const { term } = academicsRoute.useSearch();
  const navigate = academicsRoute.useNavigate();
  useEffect(() => {
    document.title = `Academics · ${campus.productName}`;
  }, [campus.productName]);
  if (!user) return null;
  if (!isStudent(user)) return <EmployeeAcademics links={campus.academics.employeeLinks} />;
  return (
    <StudentAcademics
      askedTerm={term}
      onSelectTerm={(chosen) => void navigate({ search: { term: chosen }, replace: true })}
    />
  );
}

export const academicsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/academics',
  validateSearch: academicsSearchSchema,
  component: AcademicsRoute,
});

import { createRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { z } from 'zod';
import { isStudent } from '../../../contract/roles.rules.js';
import { isTermCode } from '../../lib/terms.js';
import { selectUser } from '../../machines/app.machine.js';
import { EmployeeAcademics } from '../../ui/portal/academics/academics-page.js';
import { StudentAcademics } from './academics-sections.js';
import { usePortal } from './context.js';
import { usePageTitle } from './page.js';
import { rootRoute } from './root.js';

/**
 * `?term=` chooses the grades' term; anything but a term code (portal.md §3) is dropped. The router
 * reads `?term=202604` as a number, and writes a number back as plain digits, so it stays one here.
 */
const academicsSearchSchema = z.object({
  term: z.coerce
    .number()
    .int()
    .refine((n) => isTermCode(String(n)))
    .optional()
    .catch(undefined),
});

const termOf = (n: number | undefined) => {
  const code = String(n);
  return isTermCode(code) ? code : undefined;
};

/** portal.md §2 /academics: a student's own academic record; others learn what the page is for. */
function AcademicsRoute() {
  const { app, campus } = usePortal();
  const user = useSelector(app, selectUser);
  const { term } = academicsRoute.useSearch();
  const navigate = academicsRoute.useNavigate();
  usePageTitle('Academics');
  if (!user) return null;
  if (!isStudent(user)) return <EmployeeAcademics links={campus.academics.employeeLinks} />;
  return (
    <StudentAcademics
      askedTerm={termOf(term)}
      onSelectTerm={(chosen) => void navigate({ search: { term: Number(chosen) }, replace: true })}
    />
  );
}

export const academicsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/academics',
  validateSearch: academicsSearchSchema,
  component: AcademicsRoute,
});

import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { selectUser } from '../../../machines/task-list.context.js';
import { NoChecklist } from '../../../ui/next-steps/no-checklist.js';
import { useDocumentTitle } from '../../shared/document-title.js';
import { TaskContainer } from '../task/task-container.js';
import { useNextSteps } from '../../../routes/next-steps/context.js';

/** The task route: the list, or for a person with no checklist (issue #28) what Next Steps is. */
export function TaskScreen() {
  const { list } = useNextSteps();
  const hasChecklist = useSelector(list, (s) => selectUser(s)?.has_checklist ?? true);
  return hasChecklist ? <TaskContainer /> : <NoChecklistScreen />;
}

function NoChecklistScreen() {
  // Read in the language the person chose, when their record brings it after the first paint.
  const { t } = useLingui();
  useDocumentTitle(t`Nothing to do here`, t`Next Steps`);
  return <NoChecklist />;
}

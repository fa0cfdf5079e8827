import { useLingui } from '@lingui/react/macro';
import { selectUser } from '../../../machines/task-list.context.js';
import { NoChecklist } from '../../../ui/next-steps/no-checklist.js';
import { useDocumentTitle } from '../../shared/document-title.js';
import { TaskContainer } from '../task/task-container.js';
import { useTaskListView } from '../task/use-task-list-view.js';

/** The task route: the list, or for a person with no checklist (issue #28) what Next Steps is. */
export function TaskScreen() {
  const hasChecklist = useTaskListView((s) => selectUser(s)?.has_checklist ?? true);
  return hasChecklist ? <TaskContainer /> : <NoChecklistScreen />;
}

function NoChecklistScreen() {
  // Read in the language the person chose, when their record brings it after the first paint.
  const { t } = useLingui();
  useDocumentTitle(t`Nothing to do here`, t`Next Steps`);
  return <NoChecklist />;
}

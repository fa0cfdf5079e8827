import { Navigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { selectHasSettings } from '../../../machines/task-list.context.js';
import { useTaskListView } from '../task/use-task-list-view.js';
import { AffiliationsContainer, PreferencesContainer } from './settings-container.js';

/**
 * Preferences and Affiliations are a checklist's settings: a person without one (staff, faculty,
 * advisors, emeritus) who opens them by address lands on the task screen, which says what Next Steps
 * is, as the header offers them neither (issue 43); so does a delegate (issue 88), whose share is
 * the list.
 */
function ChecklistOnly({ children }: { children: ReactElement }) {
  const settings = useTaskListView(selectHasSettings);
  if (!settings)
    return <Navigate to="/task/{-$task_id}" params={{ task_id: undefined }} search={{}} replace />;
  return children;
}

/** `/preferences`, for a person with a checklist. */
export function PreferencesScreen() {
  return (
    <ChecklistOnly>
      <PreferencesContainer />
    </ChecklistOnly>
  );
}

/** `/affiliations`, for a person with a checklist. */
export function AffiliationsScreen() {
  return (
    <ChecklistOnly>
      <AffiliationsContainer />
    </ChecklistOnly>
  );
}

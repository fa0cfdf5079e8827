import { createContext, useContext } from 'react';
import type { ViewingAs } from '../../contract/view-as.schema.js';

/**
 * Issue 73: while support views the portal as a student, the user answer's `view_as` (null
 * otherwise), given by each app's frame. The controls that would change something read it through
 * `useReadOnly` and show themselves disabled with the reason (`readOnlyText('view-as')`).
 */
export const ViewAsContext = createContext<ViewingAs | null>(null);

/** Whether the page is read only: a view as a student runs. */
export const useReadOnly = (): boolean => useContext(ViewAsContext) !== null;

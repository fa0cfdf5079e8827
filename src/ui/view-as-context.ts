import { createContext, useContext } from 'react';
import type { ViewingAs } from '../../contract/view-as.schema.js';
import type { DelegateShare } from '../lib/delegate-capacity.js';

/**
 * Issue 73: while support views the portal as a student, the user answer's `view_as` (null
 * otherwise), given by each app's frame. The controls that would change something read it through
 * `useReadOnly` and show themselves disabled with the reason (`readOnlyText('view-as')`).
 */
export const ViewAsContext = createContext<ViewingAs | null>(null);

/**
 * Issue 88: while a delegate reads the portal, the share they read under (whose record, what, until
 * when), given by the portal's frame; null otherwise. Their controls are read only as support's are.
 */
export const DelegateContext = createContext<DelegateShare | null>(null);

/** In which capacity the page is read only: support's view as the student, a delegate's; or null. */
export function useReadOnlyCapacity(): 'view-as' | 'delegate' | null {
  const viewAs = useContext(ViewAsContext);
  const delegate = useContext(DelegateContext);
  return viewAs ? 'view-as' : delegate ? 'delegate' : null;
}

/** Whether the page is read only: a view as a student runs, or a delegate reads. */
export const useReadOnly = (): boolean => useReadOnlyCapacity() !== null;

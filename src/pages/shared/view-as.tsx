import { Suspense, lazy } from 'react';
import type { ViewingAs } from '../../../contract/view-as.schema.js';
import { csrfToken } from '../../api/csrf.js';

// The bar's words and styles: a chunk of its own, loaded only while a view runs (issue 73).
const ViewAsBar = lazy(() => import('../../ui/view-as-bar.js'));

/**
 * The view-as bar's place, first in the page (and in keyboard order), above each app's frame; empty
 * unless support views the portal as the student (the user answer's `view_as`).
 */
export function ViewAsSlot({ viewAs }: { viewAs: ViewingAs | null }) {
  if (!viewAs) return null;
  return (
    <Suspense fallback={null}>
      {/* Read at each render: End posts the session's CSRF token. */}
      <ViewAsBar viewAs={viewAs} csrf={csrfToken() ?? ''} />
    </Suspense>
  );
}

import { Outlet, useLocation } from '@tanstack/react-router';
import type { DelegateShare } from '../../../lib/delegate-capacity.js';
import { sharedWithDelegate } from '../../../../contract/delegate-sections.rules.js';
import { NotShared } from '../../../ui/portal/not-shared.js';

/**
 * Issue 88: the page a delegate reads: the portal's own, when the student shared its part of the
 * record with them; any other address says it was not shared, leading to the sections that are.
 * No message center or alerts run for a delegate (they are the student's own).
 */
export function DelegatePage({ share }: { share: DelegateShare }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  return sharedWithDelegate(pathname, share.categories) ? <Outlet /> : <NotShared share={share} />;
}

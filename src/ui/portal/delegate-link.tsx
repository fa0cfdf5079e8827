import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { delegateMenu } from '../../lib/delegate-capacity.js';
import { NEXT_STEPS_HOME } from '../../lib/delegate-sections.js';

type SharedPath = ReturnType<typeof delegateMenu>[number]['path'];

/**
 * Issue 88: a link to a section shared with a delegate: the portal's router for its own pages; a
 * plain link for Next Steps, its own app (delegate-sections.ts).
 */
export function SharedSectionLink({ path, children }: { path: SharedPath; children: ReactNode }) {
  return path === NEXT_STEPS_HOME ? (
    <a href={path}>{children}</a>
  ) : (
    <Link to={path} activeProps={{ 'aria-current': 'page' }}>
      {children}
    </Link>
  );
}

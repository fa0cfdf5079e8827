import type { Language } from '../../contract/language.schema.js';
import type { ViewingAs } from '../../contract/view-as.schema.js';
import type { UserRecord } from '../db/repositories/users.repository.js';
import type { ViewAsRecord } from '../db/repositories/view-as.repository.js';
import { canSupport, isStaff, isSuperuser } from './rights.js';

/** Why a view as someone is refused (issue 73), as the view-as page says it. */
export type ViewAsRefusal = 'not-support' | 'self' | 'superuser' | 'more-rights' | 'confidential';

/** The rights a person holds, counted: a staff member with more than the viewer may not be viewed. */
const rightsCount = (user: UserRecord) =>
  [user.is_staff, user.is_superuser, user.can_use_demo, user.can_support].filter(Boolean).length;

/**
 * Issue 73's rules: a support staff member may view as anyone but themselves, a superuser, or a staff
 * member holding a right the viewer does not (or more rights); a student the records mark
 * confidential only a superuser (holding Support) may view. Null: allowed.
 */
export function viewAsRefusal(
  viewer: UserRecord,
  subject: UserRecord,
  confidential: boolean,
): ViewAsRefusal | null {
  if (!canSupport(viewer)) return 'not-support';
  if (viewer.id === subject.id) return 'self';
  if (isSuperuser(subject)) return 'superuser';
  if (isStaff(subject)) {
    const beyond =
      (subject.is_staff && !isStaff(viewer)) ||
      (subject.can_use_demo && !viewer.can_use_demo) ||
      (subject.can_support && !viewer.can_support);
    if (beyond || rightsCount(subject) > rightsCount(viewer)) return 'more-rights';
  }
  if (confidential && !isSuperuser(viewer)) return 'confidential';
  return null;
}

/** What the view-as page says of each refusal. */
export const REFUSAL_TEXT: Record<ViewAsRefusal, string> = {
  'not-support': 'You do not hold the Support right.',
  self: 'You cannot view the portal as yourself.',
  superuser: 'A superuser cannot be viewed as.',
  'more-rights': 'This staff member holds rights you do not: they cannot be viewed as.',
  confidential: 'The records mark this student confidential: only a superuser may view as them.',
};

/** What the user answers say of a view running (contract/view-as.schema.ts), null when none runs. */
export function viewingAsOf(
  viewing: { view: ViewAsRecord; subject: UserRecord; viewerLanguage: Language } | null,
): ViewingAs | null {
  if (!viewing) return null;
  const { subject, view } = viewing;
  return {
    name: `${subject.first_name} ${subject.last_name}`.trim(),
    ends_at: view.endsAt.toISOString(),
    read_only: true,
    viewer_language: viewing.viewerLanguage,
  };
}

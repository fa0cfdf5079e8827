import { useSelector } from '@xstate/react';
import { profileImageOf } from '../../../../lib/profile-image.js';
import { selectUser } from '../../../../machines/app.machine.js';
import { ProfileImageLink } from '../../../../ui/portal/profile-image.js';
import { usePortal } from '../../../../routes/portal/context.js';

/**
 * The toolbar's profile image (portal.md §2 Dashboard toolbar), a link to the Account page named
 * "Account". It reads the app machine's user, so a saved photo choice shows here at once.
 */
export function ProfileImageBlock() {
  const { app } = usePortal();
  const user = useSelector(app, selectUser);
  if (!user) return null;
  return <ProfileImageLink image={profileImageOf(user)} />;
}

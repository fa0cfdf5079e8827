import type { ReactNode } from 'react';

/**
 * The dashboard's toolbar (portal.md §2 Dashboard top): the page title with the message bell (#14)
 * and the profile image (#13) beside it, when their issues pass them in.
 */
export function Toolbar({
  title,
  bell,
  profileImage,
}: {
  title: string;
  bell?: ReactNode;
  profileImage?: ReactNode;
}) {
  return (
    <div className="toolbar" data-testid="block-toolbar">
      <h1 className="toolbar__title">{title}</h1>
      {(bell || profileImage) && (
        <div className="toolbar__actions">
          {bell}
          {profileImage}
        </div>
      )}
    </div>
  );
}

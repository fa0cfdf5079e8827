import type { ReactNode } from 'react';

/**
 * Past this many characters (a post's title, not a section's name) the title has a row of its own on
 * a phone, above the search, bell and image, instead of a narrow column beside them (issue 43).
 */
const LONG_TITLE = 24;

/**
 * The toolbar of every portal page (portal.md §2 Dashboard top, issue 28): the page title as its
 * h1, with the search box, the message bell and the profile image beside it. `titleId` names the h1
 * for a page section labelled by it; `titleLang` marks a title in another language than the page's
 * (a post's English title in a Spanish page, WCAG 3.1.2).
 */
export function Toolbar({
  title,
  titleId,
  titleLang,
  search,
  bell,
  profileImage,
}: {
  title: string;
  titleId?: string;
  titleLang?: string | undefined;
  search?: ReactNode;
  bell?: ReactNode;
  profileImage?: ReactNode;
}) {
  return (
    <div
      className={`toolbar${title.length > LONG_TITLE ? ' toolbar--long-title' : ''}`}
      data-testid="block-toolbar"
    >
      <h1 className="toolbar__title" id={titleId} lang={titleLang}>
        {title}
      </h1>
      {search && <div className="toolbar__search">{search}</div>}
      {(bell || profileImage) && (
        <div className="toolbar__actions">
          {bell}
          {profileImage}
        </div>
      )}
    </div>
  );
}

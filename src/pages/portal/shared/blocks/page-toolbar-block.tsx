import { Toolbar } from '../../../../ui/portal/toolbar.js';
import { SearchBoxBlock } from '../../search/search-box-block.js';
import { MessageBellBlock } from './message-bell-block.js';
import { ProfileImageBlock } from './profile-image-block.js';

/**
 * The one toolbar of every portal page: its title, the search box, the message bell with the unread
 * count and the profile image (portal.md §2 Dashboard top, given to every page by issue 28).
 */
export function PageToolbar({
  title,
  titleId,
  titleLang,
  withSearch = true,
}: {
  title: string;
  titleId?: string;
  /** The title's language, when it is not the page's (a post's English title). */
  titleLang?: string | undefined;
  /** The search page has a search form of its own. */
  withSearch?: boolean;
}) {
  return (
    <Toolbar
      title={title}
      titleId={titleId}
      titleLang={titleLang}
      search={withSearch ? <SearchBoxBlock /> : undefined}
      bell={<MessageBellBlock />}
      profileImage={<ProfileImageBlock />}
    />
  );
}

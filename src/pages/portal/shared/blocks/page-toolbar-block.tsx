import { useContext } from 'react';
import { Toolbar } from '../../../../ui/portal/toolbar.js';
import { DelegateContext } from '../../../../ui/view-as-context.js';
import { SearchBoxSlotBlock } from '../../search/search-box-slot.js';
import { MessageBellBlock } from './message-bell-block.js';
import { ProfileImageBlock } from './profile-image-block.js';

/**
 * The one toolbar of every portal page: its title, the search box, the message bell with the unread
 * count and the profile image (portal.md §2 Dashboard top, given to every page by issue 28). A
 * delegate (issue 88) has the search and the bell's link to Messages only where the student shared
 * Messages with them: the search reaches the whole record, the bell the student's messages.
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
  const delegate = useContext(DelegateContext);
  const messages = !delegate || delegate.categories.includes('messages');
  return (
    <Toolbar
      title={title}
      titleId={titleId}
      titleLang={titleLang}
      search={withSearch && messages ? <SearchBoxSlotBlock /> : undefined}
      bell={messages ? <MessageBellBlock /> : undefined}
      profileImage={<ProfileImageBlock />}
    />
  );
}

import { lazy } from 'react';
import { SearchBoxSlot } from '../../../ui/portal/search/search-box-slot.js';

const SearchBoxBlock = lazy(() =>
  import('./search-box-block.js').then((m) => ({ default: m.SearchBoxBlock })),
);

/** The toolbar's search box: the field at once, the box's code after the first screen (issue 75). */
export function SearchBoxSlotBlock() {
  return <SearchBoxSlot Box={SearchBoxBlock} />;
}

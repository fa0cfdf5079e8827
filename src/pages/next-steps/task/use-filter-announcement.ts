import { plural } from '@lingui/core/macro';
import { useEffect, useRef } from 'react';
import { sayInFrame } from '../../shared/say.js';

/** "Overdue: 3 tasks": the view and how many tasks it shows. */
export const filterAnnouncement = (heading: string, count: number) =>
  plural(count, { one: `${heading}: # task`, other: `${heading}: # tasks` });

/**
 * Changing the filter shows a new view without a new page, so the focus rule says nothing: the new
 * view and its count are said in the frame's live region (issue 57). Not on the list's first
 * showing, which the page's title already says; `ready`: the list is there to be counted.
 */
export function useFilterAnnouncement(
  view: string,
  heading: string,
  count: number,
  ready: boolean,
) {
  const said = useRef<string | null>(null);
  useEffect(() => {
    if (!ready) return;
    if (said.current !== null && said.current !== view)
      sayInFrame(filterAnnouncement(heading, count));
    said.current = view;
  }, [view, heading, count, ready]);
}

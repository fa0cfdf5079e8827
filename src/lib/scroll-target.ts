/**
 * portal.md §2 step 7: after a navigation the page goes to the hash anchor if the address has one,
 * else to the position saved for that history entry, else to the top.
 */

/** Where a page lands: an element by id (the hash), or a window position. */
export type ScrollTarget =
  { kind: 'anchor'; id: string } | { kind: 'position'; left: number; top: number };

/** A saved window position, as the router keeps it per history entry. */
export interface SavedScroll {
  scrollX: number;
  scrollY: number;
}

/**
 * Where a page lands once its content is there: the hash's anchor, else the saved position; null
 * for the top (nothing to wait for: the router has put the page there already).
 */
export function scrollTargetOf(hash: string, saved: SavedScroll | undefined): ScrollTarget | null {
  const id = hash.replace(/^#/, '');
  if (id) return { kind: 'anchor', id };
  if (saved && (saved.scrollX !== 0 || saved.scrollY !== 0)) {
    return { kind: 'position', left: saved.scrollX, top: saved.scrollY };
  }
  return null;
}

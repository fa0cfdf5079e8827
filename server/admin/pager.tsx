import type { ReactNode } from 'react';

/**
 * The staff admin's lists a page at a time (issue 87): each page's address carries a keyset cursor,
 * the id of the last item of the page before, and its links are plain links, so paging works without
 * scripts. One pager for the activity and every list.
 */
export interface Pager {
  /** The list's address, e.g. `/admin/messages`. */
  list: string;
  /** The list's filters as they stand, kept on every page's link. */
  filters: Record<string, string | number | undefined>;
  /** The cursor's name in the address: `before` for a list newest first, `after` for one in order. */
  cursor: 'before' | 'after';
  /** The cursor this page was opened at (none: the first page). */
  at: number | undefined;
  /** The next page's cursor, when there is more. */
  next: number | undefined;
  /** The links' words and the navigation's name, e.g. `Newest entries`, `Older entries`. */
  words: { first: string; next: string; label: string };
}

/** The words of a list in an order of its own (by title, by path): first and next pages. */
export const inOrder = (label: string) => ({ first: 'First page', next: 'Next page', label });

/** The list's address with its filters, at `cursor` (none: the first page). */
export function pageHref(pager: Pick<Pager, 'list' | 'filters' | 'cursor'>, at?: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(pager.filters)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  if (at !== undefined) params.set(pager.cursor, String(at));
  const search = params.toString();
  return search ? `${pager.list}?${search}` : pager.list;
}

/** The first page's and the next page's links; nothing on a list of one page. */
export function PageLinks({ pager }: { pager: Pager }) {
  const { at, next, words } = pager;
  if (at === undefined && next === undefined) return null;
  return (
    <nav className="pages" aria-label={words.label}>
      {at !== undefined && <a href={pageHref(pager)}>{words.first}</a>}{' '}
      {next !== undefined && (
        <a href={pageHref(pager, next)} rel="next">
          {words.next}
        </a>
      )}
    </nav>
  );
}

/** What a page past the end says: nothing more, and the way back to the first page. */
export function PastTheEnd({ pager, nothing }: { pager: Pager; nothing: string }) {
  return (
    <p>
      {nothing} <a href={pageHref(pager)}>{pager.words.first}</a>
    </p>
  );
}

/** A list's page with its links below it. */
export function withPageLinks(list: ReactNode, pager: Pager): ReactNode {
  return (
    <>
      {list}
      <PageLinks pager={pager} />
    </>
  );
}

import { useEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import type { More } from '../lib/more-pages.js';

/** What a list's "Show more" says, in its own words ("Show more messages", "Show more posts"). */
export interface ShowMoreWords {
  show: ReactNode;
  loading: ReactNode;
  failed: ReactNode;
}

/**
 * A paged list's "Show more" (issue 87): a native button after the list, which keeps focus while
 * the next page loads (`aria-disabled`, not `disabled`: a disabled button would drop it); a failed
 * page says so above it, and pressing it again retries.
 */
export function ShowMore({
  more,
  onMore,
  words,
  className,
}: {
  more: More;
  onMore: () => void;
  words: ShowMoreWords;
  className: string;
}) {
  if (more === 'none') return null;
  const loading = more === 'loading';
  return (
    <div className={className}>
      {more === 'failed' && (
        <p className="muted" role="status">
          {words.failed}
        </p>
      )}
      <button
        type="button"
        className="button"
        aria-disabled={loading}
        onClick={() => {
          if (!loading) onMore();
        }}
      >
        {loading ? words.loading : words.show}
      </button>
    </div>
  );
}

/**
 * Moves focus to the first item (in the list's order) a "Show more" added, once per page added:
 * `added` is a new list only then, and names items by their `data-<key>` attribute. The list the
 * page opened with is not a page added.
 */
export function useFocusAdded(
  root: RefObject<HTMLElement | null>,
  added: readonly string[],
  key: string,
) {
  const opened = useRef(added);
  useEffect(() => {
    if (added === opened.current || added.length === 0) return;
    const keys = new Set(added);
    const first = [...(root.current?.querySelectorAll<HTMLElement>(`[data-${key}]`) ?? [])].find(
      (element) => keys.has(element.dataset[key] ?? ''),
    );
    first?.focus();
  }, [root, added, key]);
}

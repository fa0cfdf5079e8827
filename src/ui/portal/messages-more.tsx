import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';

/** Issue 87: whether a next page of messages is there, being loaded, or failed to load. */
export type MoreMessages = 'none' | 'ready' | 'loading' | 'failed';

/**
 * The Messages page's "Show more messages" (issue 87): a native button after the list, which keeps
 * focus while the next page loads (`aria-disabled`, not `disabled`: a disabled button would drop it).
 */
export function ShowMoreMessages({ more, onMore }: { more: MoreMessages; onMore: () => void }) {
  if (more === 'none') return null;
  const loading = more === 'loading';
  return (
    <div className="messages__more">
      {more === 'failed' && (
        <p className="muted" role="status">
          <Trans>More messages could not be loaded.</Trans>
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
        {loading ? <Trans>Loading more messages…</Trans> : <Trans>Show more messages</Trans>}
      </button>
    </div>
  );
}

/**
 * Moves focus to the first message (in the page's order) a "Show more" added, once per page added:
 * `added` is a new list only then. The list the page opened with is not a page added.
 */
export function useFocusAdded(root: RefObject<HTMLElement | null>, added: readonly string[]) {
  const opened = useRef(added);
  useEffect(() => {
    if (added === opened.current || added.length === 0) return;
    const keys = new Set(added);
    const first = [...(root.current?.querySelectorAll<HTMLElement>('[data-message]') ?? [])].find(
      (element) => keys.has(element.dataset.message ?? ''),
    );
    first?.focus();
  }, [root, added]);
}

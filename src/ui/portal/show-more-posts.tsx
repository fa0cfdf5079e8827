import { Trans } from '@lingui/react/macro';

/** Issue 87: whether a next page of a content page's posts is there, being loaded, or failed. */
export type MorePosts = 'none' | 'ready' | 'loading' | 'failed';

/**
 * A content page's "Show more posts" (issue 87), as Messages' "Show more messages": a native button
 * after the posts, which keeps focus while the next page loads (`aria-disabled`, not `disabled`: a
 * disabled button would drop it); a failed page says so above it, and pressing it again retries.
 */
export function ShowMorePosts({ more, onMore }: { more: MorePosts; onMore: () => void }) {
  if (more === 'none') return null;
  const loading = more === 'loading';
  return (
    <div className="content-page__more">
      {more === 'failed' && (
        <p className="muted" role="status">
          <Trans>More posts could not be loaded.</Trans>
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
        {loading ? <Trans>Loading more posts…</Trans> : <Trans>Show more posts</Trans>}
      </button>
    </div>
  );
}

import { Loading } from './loading.js';

export type SectionStatus = 'loading' | 'loaded' | 'empty' | 'error';

/**
 * What a section shows while it is not loaded (portal.md §4 Loaders): a spinner, "Error retrieving
 * info" with a retry, or its empty text.
 */
export function SectionState({
  status,
  onRetry,
  emptyText,
}: {
  status: SectionStatus;
  onRetry: () => void;
  emptyText?: string;
}) {
  if (status === 'loading') return <Loading />;
  if (status === 'error') {
    return (
      <div className="section-error" role="alert">
        <p>Error retrieving info</p>
        <button type="button" className="button button--quiet" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (status === 'empty' && emptyText) return <p className="muted">{emptyText}</p>;
  return null;
}

import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Loading } from '../loading.js';
import { ReadFailedText } from '../read-failed.js';

export type SectionStatusValue = 'loading' | 'loaded' | 'empty' | 'error';

export interface SectionStatusProps {
  status: SectionStatusValue;
  /** portal.md §8 empty text of this section. */
  emptyText: string;
  /** portal.md §4 Loaders: "Error retrieving info" unless the section has its own §8 text. */
  errorText?: string;
  onRetry: () => void;
  /** What the section shows once loaded. */
  children: () => ReactNode;
}

/** One section's loading, error (with a retry), empty and loaded states. */
export function SectionStatus(props: SectionStatusProps) {
  const { t } = useLingui();
  const { status, emptyText, errorText = t`Error retrieving info`, onRetry, children } = props;
  if (status === 'loading') return <Loading />;
  if (status === 'empty') return <p className="muted">{emptyText}</p>;
  if (status === 'error') {
    return (
      <div className="section-error" role="alert">
        <ReadFailedText errorText={errorText} />
        <button type="button" className="button button--quiet" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  return <>{children()}</>;
}

/**
 * The not-loaded states alone, for a section that lays out its loaded content itself: a spinner,
 * "Error retrieving info" with a retry, or its empty text (nothing when it has none).
 */
export function SectionState(props: {
  status: SectionStatusValue;
  onRetry: () => void;
  emptyText?: string;
}) {
  if (props.status === 'loaded' || (props.status === 'empty' && !props.emptyText)) return null;
  return (
    <SectionStatus status={props.status} emptyText={props.emptyText ?? ''} onRetry={props.onRetry}>
      {() => null}
    </SectionStatus>
  );
}

import { useLingui } from '@lingui/react/macro';
/** Shown while a block or the whole page waits for its data. */
export function Loading({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="loading__spinner" aria-hidden="true" />
      <span>{label ?? t`Loading…`}</span>
    </div>
  );
}

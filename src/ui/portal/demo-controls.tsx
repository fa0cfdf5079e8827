import { Trans, useLingui } from '@lingui/react/macro';

/**
 * portal.md §2 Layout, §4 Demo mode: the DEMO label while demo mode is on, and the "Start Demo" /
 * "End Demo" toggle for initialised users whose can_use_demo is true.
 */
export function DemoControls({
  isDemo,
  showLabel = true,
  canToggle,
  pending,
  onToggle,
}: {
  isDemo: boolean;
  /** The sidebar carries the label; the footer only the toggle. */
  showLabel?: boolean;
  canToggle: boolean;
  pending: boolean;
  onToggle: () => void;
}) {
  const { t } = useLingui();
  if (!isDemo && !canToggle) return null;
  return (
    <div className="demo">
      {isDemo && showLabel && (
        <span className="demo__label">
          <Trans>DEMO</Trans>
        </span>
      )}
      {canToggle && (
        <button type="button" className="demo__toggle" onClick={onToggle} disabled={pending}>
          {isDemo ? t`End Demo` : t`Start Demo`}
        </button>
      )}
    </div>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';

export interface KeepingCurrentProps {
  links: { contact: string; emergency: string; personal: string };
  refreshing: boolean;
  failed: boolean;
  /** The last refresh ended well: the status says so. */
  done?: boolean;
  onRefresh: () => void;
}

/**
 * Where the university updates each record, and "Refresh" to show the new values at once (the portal
 * otherwise keeps its copy for a while, portal.md §9).
 */
export function KeepingCurrent({
  links,
  refreshing,
  failed,
  done = false,
  onRefresh,
}: KeepingCurrentProps) {
  const { t } = useLingui();
  return (
    <>
      <p>
        <Trans>Your records live in the university&apos;s systems. Update them there:</Trans>
      </p>
      <ul className="link-list">
        <li>
          <a href={links.contact} target="_blank" rel="noreferrer">
            <Trans>Update your contact information</Trans>
          </a>
        </li>
        <li>
          <a href={links.emergency} target="_blank" rel="noreferrer">
            <Trans>Update your emergency contacts</Trans>
          </a>
        </li>
        <li>
          <a href={links.personal} target="_blank" rel="noreferrer">
            <Trans>Update your personal information</Trans>
          </a>
        </li>
      </ul>
      <p>
        <Trans>Changed something? Refresh to see it here now.</Trans>
      </p>
      {/* Held while it works, not disabled: focus stays on it (issue 57); the status says what happened. */}
      <button
        type="button"
        className="button"
        aria-disabled={refreshing}
        onClick={() => {
          if (!refreshing) onRefresh();
        }}
      >
        <Trans>Refresh</Trans>
      </button>
      <p role="status" className="preferences__status">
        {refreshing
          ? t`Refreshing your information…`
          : failed
            ? t`Your information could not be refreshed. Please try again.`
            : done
              ? t`Your information is up to date.`
              : ''}
      </p>
    </>
  );
}

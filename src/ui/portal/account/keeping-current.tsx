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
  return (
    <>
      <p>Your records live in the university&apos;s systems. Update them there:</p>
      <ul className="link-list">
        <li>
          <a href={links.contact} target="_blank" rel="noreferrer">
            Update your contact information
          </a>
        </li>
        <li>
          <a href={links.emergency} target="_blank" rel="noreferrer">
            Update your emergency contacts
          </a>
        </li>
        <li>
          <a href={links.personal} target="_blank" rel="noreferrer">
            Update your personal information
          </a>
        </li>
      </ul>
      <p>Changed something? Refresh to see it here now.</p>
      {/* Held while it works, not disabled: focus stays on it (issue 57); the status says what happened. */}
      <button
        type="button"
        className="button"
        aria-disabled={refreshing}
        onClick={() => {
          if (!refreshing) onRefresh();
        }}
      >
        Refresh
      </button>
      <p role="status" className="preferences__status">
        {refreshing
          ? 'Refreshing your information…'
          : failed
            ? 'Your information could not be refreshed. Please try again.'
            : done
              ? 'Your information is up to date.'
              : ''}
      </p>
    </>
  );
}

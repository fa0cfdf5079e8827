import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { ReadOnly } from '../../../lib/read-only.js';
import { ReadOnlyReason } from '../../read-only-reason.js';
import './account.css';

export interface PhotoPickerProps {
  hasPhoto: boolean;
  usePhoto: boolean;
  saving: boolean;
  failed: boolean;
  /** The last choice was saved: the status says what changed. */
  saved?: boolean;
  /** Why changes cannot be saved now (demo data, offline), or null. */
  readOnly: ReadOnly;
  onChange: (usePhoto: boolean) => void;
}

/**
 * portal.md §2 Account page: the profile image picker. The image itself is the profile card's; this
 * is its toggle, "Remove Photo" or "Use ID Photo".
 */
export function PhotoPicker(props: PhotoPickerProps) {
  const { t } = useLingui();
  const { hasPhoto, usePhoto, saving, failed, readOnly, onChange } = props;
  // Held, not disabled, while it saves or cannot save: focus stays on the button (issue 57), which
  // a disabled button would lose to the page.
  const held = saving || readOnly !== null;
  // Why it cannot be used, said with it (issue 87): the status says so.
  const statusId = useId();
  if (!hasPhoto) {
    return (
      <p className="muted photo-picker">
        <Trans>No ID photo on record: your initials show instead.</Trans>
      </p>
    );
  }
  return (
    <div className="photo-picker">
      <button
        type="button"
        className="button button--quiet"
        aria-disabled={held}
        aria-describedby={readOnly ? statusId : undefined}
        onClick={() => {
          if (!held) onChange(!usePhoto);
        }}
      >
        {usePhoto ? t`Remove Photo` : t`Use ID Photo`}
      </button>
      <p id={statusId} className="photo-picker__status" role="status">
        {saving ? (
          t`Saving…`
        ) : failed ? (
          t`Your choice could not be saved. Please try again.`
        ) : readOnly ? (
          <ReadOnlyReason readOnly={readOnly} />
        ) : props.saved ? (
          usePhoto ? (
            t`Your ID photo shows on your profile.`
          ) : (
            t`Photo removed: your initials show instead.`
          )
        ) : (
          ''
        )}
      </p>
    </div>
  );
}

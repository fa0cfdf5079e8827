import { READ_ONLY_TEXT } from '../../../lib/read-only.js';
import type { ReadOnly } from '../../../lib/read-only.js';
import './account.css';

export interface PhotoPickerProps {
  hasPhoto: boolean;
  usePhoto: boolean;
  saving: boolean;
  failed: boolean;
  /** Why changes cannot be saved now (demo data, offline), or null. */
  readOnly: ReadOnly;
  onChange: (usePhoto: boolean) => void;
}

/**
 * portal.md §2 Account page: the profile image picker. The image itself is the profile card's; this
 * is its toggle, "Remove Photo" or "Use ID Photo".
 */
export function PhotoPicker(props: PhotoPickerProps) {
  const { hasPhoto, usePhoto, saving, failed, readOnly, onChange } = props;
  if (!hasPhoto) {
    return <p className="muted photo-picker">No ID photo on record: your initials show instead.</p>;
  }
  return (
    <div className="photo-picker">
      <button
        type="button"
        className="button button--quiet"
        disabled={saving || readOnly !== null}
        onClick={() => onChange(!usePhoto)}
      >
        {usePhoto ? 'Remove Photo' : 'Use ID Photo'}
      </button>
      <p className="photo-picker__status" role="status">
        {saving
          ? 'Saving…'
          : failed
            ? 'Your choice could not be saved. Please try again.'
            : readOnly
              ? READ_ONLY_TEXT[readOnly]
              : ''}
      </p>
    </div>
  );
}

import './account.css';

export interface PhotoPickerProps {
  hasPhoto: boolean;
  usePhoto: boolean;
  saving: boolean;
  failed: boolean;
  /** Demo data is not saved. */
  readOnly: boolean;
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
        disabled={saving || readOnly}
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
              ? 'Changes are not saved in demo mode.'
              : ''}
      </p>
    </div>
  );
}

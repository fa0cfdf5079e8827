import type { Theme } from '../../../../contract/preferences.schema.js';
import { READ_ONLY_TEXT } from '../../../lib/read-only.js';
import type { ReadOnly } from '../../../lib/read-only.js';
import './account.css';

export interface ThemeChoiceProps {
  /** The saved theme, or the one being saved. */
  theme: Theme;
  saving: boolean;
  saved: boolean;
  failed: boolean;
  /** Why changes cannot be saved now (demo data, offline), or null. */
  readOnly: ReadOnly;
  onChoose: (theme: Theme) => void;
}

const CHOICES: readonly { theme: Theme; label: string }[] = [
  { theme: 'system', label: 'Same as this device' },
  { theme: 'light', label: 'Light' },
  { theme: 'dark', label: 'Dark' },
];

function statusText({ saving, saved, failed, readOnly }: ThemeChoiceProps): string {
  if (readOnly) return READ_ONLY_TEXT[readOnly];
  if (saving) return 'Saving…';
  if (failed) return 'Your choice could not be saved. Please try again.';
  return saved ? 'Saved.' : '';
}

/** Issue 28: the colour theme, the device's setting or always light or dark; saved on choosing. */
export function ThemeChoice(props: ThemeChoiceProps) {
  const { theme, readOnly, onChoose } = props;
  return (
    <div className="theme-choice">
      {/* Not disabled while saving: a disabled fieldset would drop the focus from its radio. */}
      <fieldset className="theme-choice__set" disabled={readOnly !== null}>
        <legend>Theme</legend>
        {CHOICES.map((choice) => (
          <label key={choice.theme} className="theme-choice__option">
            <input
              type="radio"
              name="theme"
              value={choice.theme}
              checked={theme === choice.theme}
              onChange={() => onChoose(choice.theme)}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <p className="preferences__status" role="status">
        {statusText(props)}
      </p>
    </div>
  );
}

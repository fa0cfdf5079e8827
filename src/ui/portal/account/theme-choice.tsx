import type { Theme } from '../../../../contract/preferences.schema.js';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useId } from 'react';
import type { ReadOnly } from '../../../lib/read-only.js';
import { ReadOnlyReason } from '../../read-only-reason.js';
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

const CHOICES: readonly { theme: Theme; label: MessageDescriptor }[] = [
  { theme: 'system', label: msg`Same as this device` },
  { theme: 'light', label: msg`Light` },
  { theme: 'dark', label: msg`Dark` },
];

function useStatusText({ saving, saved, failed, readOnly }: ThemeChoiceProps): ReactNode {
  const { t } = useLingui();
  if (readOnly) return <ReadOnlyReason readOnly={readOnly} />;
  if (saving) return t`Saving…`;
  if (failed) return t`Your choice could not be saved. Please try again.`;
  return saved ? t`Saved.` : '';
}

/** Issue 28: the colour theme, the device's setting or always light or dark; saved on choosing. */
export function ThemeChoice(props: ThemeChoiceProps) {
  const { i18n } = useLingui();
  const status = useStatusText(props);
  const { theme, readOnly, onChoose } = props;
  // Each disabled choice says why with it (issue 87): the status says so.
  const statusId = useId();
  return (
    <div className="theme-choice">
      {/* Not disabled while saving: a disabled fieldset would drop the focus from its radio. */}
      <fieldset className="theme-choice__set" disabled={readOnly !== null}>
        <legend>
          <Trans>Theme</Trans>
        </legend>
        {CHOICES.map((choice) => (
          <label key={choice.theme} className="theme-choice__option">
            <input
              type="radio"
              name="theme"
              value={choice.theme}
              checked={theme === choice.theme}
              aria-describedby={readOnly ? statusId : undefined}
              onChange={() => onChoose(choice.theme)}
            />
            {i18n._(choice.label)}
          </label>
        ))}
      </fieldset>
      <p id={statusId} className="preferences__status" role="status">
        {status}
      </p>
    </div>
  );
}

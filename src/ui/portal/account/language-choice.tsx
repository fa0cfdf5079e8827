import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../../contract/language.schema.js';
import type { ReadOnly } from '../../../lib/read-only.js';
import { ReadOnlyReason } from '../../read-only-reason.js';
import './account.css';

export interface LanguageChoiceProps {
  /** The language shown as chosen: the saved one or the one being saved; null while none is saved. */
  language: Language | null;
  /** The browser's language, read while the person has saved none (issue 76); null once they have. */
  following: Language | null;
  saving: boolean;
  saved: boolean;
  failed: boolean;
  /** Why changes cannot be saved now (demo data, offline), or null. */
  readOnly: ReadOnly;
  onChoose: (language: Language) => void;
}

/**
 * Issue 59: the portal's language, saved on choosing and applied at once. Each language is named in
 * its own language and marked with its `lang`, so a reader finds theirs and a screen reader says it.
 */
export function LanguageChoice(props: LanguageChoiceProps) {
  const { t } = useLingui();
  const { language, following, readOnly, saving, saved, failed, onChoose } = props;
  // Each disabled choice says why with it (issue 87): the status says so.
  const statusId = useId();
  const status = readOnly ? (
    <ReadOnlyReason readOnly={readOnly} />
  ) : saving ? (
    t`Saving…`
  ) : failed ? (
    t`Your choice could not be saved. Please try again.`
  ) : saved ? (
    t`Saved.`
  ) : (
    ''
  );
  return (
    <div className="theme-choice">
      {/* Not disabled while saving: a disabled fieldset would drop the focus from its radio. */}
      <fieldset
        className="theme-choice__set"
        disabled={readOnly !== null}
        aria-describedby={following ? 'language-use language-following' : 'language-use'}
      >
        <legend>
          <Trans>Language</Trans>
        </legend>
        <p className="muted theme-choice__note" id="language-use">
          <Trans>The portal’s pages and the emails, texts and notifications it sends you.</Trans>
        </p>
        {following && (
          <p className="theme-choice__note" id="language-following">
            <Trans>
              Following your browser: <span lang={following}>{LANGUAGE_NAMES[following]}</span>.
              Choose one to keep it.
            </Trans>
          </p>
        )}
        {LANGUAGES.map((code) => (
          <label key={code} className="theme-choice__option" lang={code}>
            <input
              type="radio"
              name="language"
              value={code}
              checked={language === code}
              aria-describedby={readOnly ? statusId : undefined}
              onChange={() => onChoose(code)}
            />
            {LANGUAGE_NAMES[code]}
          </label>
        ))}
      </fieldset>
      <p id={statusId} className="preferences__status" role="status">
        {status}
      </p>
    </div>
  );
}

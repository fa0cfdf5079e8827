import { Trans, useLingui } from '@lingui/react/macro';
import { SEARCH_SHORTCUT_LABELS, SEARCH_SHORTCUTS } from '../../../lib/search-shortcut.js';
import type { SearchShortcut } from '../../../lib/search-shortcut.js';

/**
 * The search shortcut, turned off or remapped (WCAG 2.1.4, issue 57). A choice of this device, saved
 * as it is made; the select shows it.
 */
export function SearchShortcutChoice(props: {
  chosen: SearchShortcut;
  onChoose: (choice: SearchShortcut) => void;
}) {
  const { t } = useLingui();
  // The keys are written as keys in every language; their names are words.
  const label = (s: SearchShortcut) =>
    s === 'off' ? t`Off` : s === 'slash' ? t`/ (slash)` : SEARCH_SHORTCUT_LABELS[s];
  return (
    <div className="field search-shortcut">
      <label htmlFor="search-shortcut">
        <Trans>Keyboard shortcut to search</Trans>
      </label>
      <select
        id="search-shortcut"
        value={props.chosen}
        aria-describedby="search-shortcut-hint"
        onChange={(event) => {
          const choice = SEARCH_SHORTCUTS.find((s) => s === event.currentTarget.value);
          if (choice) props.onChoose(choice);
        }}
      >
        {SEARCH_SHORTCUTS.map((s) => (
          <option key={s} value={s}>
            {label(s)}
          </option>
        ))}
      </select>
      <p id="search-shortcut-hint" className="muted">
        <Trans>Moves to the search box from anywhere on the page. Saved on this device.</Trans>
      </p>
    </div>
  );
}

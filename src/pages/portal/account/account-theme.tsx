import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { fromPromise } from 'xstate';
import type { User } from '../../../../contract/user.schema.js';
import { savePreference } from '../../../api/preferences.js';
import {
  themeChoiceMachine,
  selectChoiceChosen,
  selectChoiceFailed,
  selectChoiceSaved,
  selectChoiceSaving,
} from '../../../machines/preference-choice.machine.js';
import { usePortal } from '../../../routes/portal/context.js';
import { AccountSection } from '../../../ui/portal/account/account-section.js';
import { ThemeChoice } from '../../../ui/portal/account/theme-choice.js';
import { logPreferenceFailure, reportSavedPreferences } from './user-preferences.js';
import type { ReadOnly } from '../../../lib/read-only.js';
import { readSearchShortcut, writeSearchShortcut } from '../../../lib/search-shortcut.js';
import type { SearchShortcut } from '../../../lib/search-shortcut.js';
import { SearchShortcutChoice } from '../../../ui/portal/account/search-shortcut-choice.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';

/** The search shortcut's listeners: told when this page changes it. */
const shortcutListeners = new Set<() => void>();
const onShortcutChange = (listener: () => void) => {
  shortcutListeners.add(listener);
  return () => shortcutListeners.delete(listener);
};
const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/**
 * The search shortcut chosen on this device. The server cannot know it: it draws the default, and
 * so does the browser's hydration of its page; then the browser shows the device's own.
 */
const useSearchShortcut = () =>
  useSyncExternalStore(
    onShortcutChange,
    () => readSearchShortcut(storage()),
    (): SearchShortcut => 'slash',
  );

function chooseSearchShortcut(choice: SearchShortcut) {
  writeSearchShortcut(storage(), choice);
  for (const listener of shortcutListeners) listener();
}

/**
 * The colour theme: saved through PUT and handed to the app machine's user, from which the page's
 * theme follows (main.tsx, `followTheme`).
 */
export function ThemeSection({ user, readOnly }: { user: User; readOnly: ReadOnly }) {
  const { app, http } = usePortal();
  const { t } = useLingui();
  const actor = useActorRef(
    themeChoiceMachine.provide({
      actors: {
        save: fromPromise(({ input }) =>
          savePreference(http, user.preferences.pk, { theme: input.value }),
        ),
      },
      actions: {
        reportSaved: (_, preferences) => reportSavedPreferences(app, preferences),
        logFailure: (_, error) => logPreferenceFailure(error),
      },
    }),
    { input: { kept: user.preferences.theme } },
  );
  const chosen = useSelector(actor, selectChoiceChosen);
  return (
    <AccountSection id="appearance" title={t`Appearance`}>
      <ThemeChoice
        theme={chosen ?? user.preferences.theme}
        saving={useSelector(actor, selectChoiceSaving)}
        saved={useSelector(actor, selectChoiceSaved)}
        failed={useSelector(actor, selectChoiceFailed)}
        readOnly={readOnly}
        onChoose={(theme) => actor.send({ type: 'choose', value: theme })}
      />
      <SearchShortcutChoice chosen={useSearchShortcut()} onChoose={chooseSearchShortcut} />
    </AccountSection>
  );
}

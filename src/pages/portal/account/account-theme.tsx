import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { User } from '../../../../contract/user.schema.js';
import { savePreference } from '../../../api/preferences.js';
import {
  selectThemeChosen,
  selectThemeFailed,
  selectThemeSaved,
  selectThemeSaving,
  themeChoiceMachine,
} from '../../../machines/theme-choice.machine.js';
import { usePortal } from '../../../routes/portal/context.js';
import { AccountSection } from '../../../ui/portal/account/account-section.js';
import { ThemeChoice } from '../../../ui/portal/account/theme-choice.js';
import { logPreferenceFailure, reportSavedPreferences } from './user-preferences.js';
import type { ReadOnly } from '../../../lib/read-only.js';
import { readSearchShortcut, writeSearchShortcut } from '../../../lib/search-shortcut.js';
import { SearchShortcutChoice } from '../../../ui/portal/account/search-shortcut-choice.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';

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
          savePreference(http, user.preferences.pk, { theme: input.theme }),
        ),
      },
      actions: {
        reportSaved: (_, preferences) => reportSavedPreferences(app, preferences),
        logFailure: (_, error) => logPreferenceFailure(error),
      },
    }),
  );
  const chosen = useSelector(actor, selectThemeChosen);
  return (
    <AccountSection id="appearance" title={t`Appearance`}>
      <ThemeChoice
        theme={chosen ?? user.preferences.theme}
        saving={useSelector(actor, selectThemeSaving)}
        saved={useSelector(actor, selectThemeSaved)}
        failed={useSelector(actor, selectThemeFailed)}
        readOnly={readOnly}
        onChoose={(theme) => actor.send({ type: 'theme.choose', theme })}
      />
      <SearchShortcutChoice
        chosen={readSearchShortcut(window.localStorage)}
        onChoose={(choice) => writeSearchShortcut(window.localStorage, choice)}
      />
    </AccountSection>
  );
}

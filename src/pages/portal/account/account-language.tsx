import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Language } from '../../../../contract/language.schema.js';
import type { User } from '../../../../contract/user.schema.js';
import { savePreference } from '../../../api/preferences.js';
import {
  languageChoiceMachine,
  selectLanguageChosen,
  selectLanguageFailed,
  selectLanguageSaved,
  selectLanguageSaving,
} from '../../../machines/language-choice.machine.js';
import { usePortal } from '../../../routes/portal/context.js';
import { AccountSection } from '../../../ui/portal/account/account-section.js';
import { LanguageChoice } from '../../../ui/portal/account/language-choice.js';
import { logPreferenceFailure, reportSavedPreferences } from './user-preferences.js';
import type { ReadOnly } from '../../../lib/read-only.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';

/**
 * The Language setting (issue 59): saved through PUT and handed to the app machine's user, from
 * which the page's language follows at once (main.tsx, `followLanguage`). A person who never chose
 * sees the language they are reading (their browser's) as chosen.
 */
export function LanguageSection({ user, readOnly }: { user: User; readOnly: ReadOnly }) {
  const { app, http } = usePortal();
  const { i18n, t } = useLingui();
  const actor = useActorRef(
    languageChoiceMachine.provide({
      actors: {
        save: fromPromise(({ input }) =>
          savePreference(http, user.preferences.pk, { language: input.language }),
        ),
      },
      actions: {
        reportSaved: (_, preferences) => reportSavedPreferences(app, preferences),
        logFailure: (_, error) => logPreferenceFailure(error),
      },
    }),
  );
  const chosen = useSelector(actor, selectLanguageChosen);
  const reading: Language = i18n.locale === 'es' ? 'es' : 'en';
  return (
    <AccountSection id="language" title={t`Language`}>
      <LanguageChoice
        language={chosen ?? user.preferences.language ?? reading}
        saving={useSelector(actor, selectLanguageSaving)}
        saved={useSelector(actor, selectLanguageSaved)}
        failed={useSelector(actor, selectLanguageFailed)}
        readOnly={readOnly}
        onChoose={(language) => actor.send({ type: 'language.choose', language })}
      />
    </AccountSection>
  );
}

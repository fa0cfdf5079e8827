import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Language } from '../../../../contract/language.schema.js';
import type { User } from '../../../../contract/user.schema.js';
import { savePreference } from '../../../api/preferences.js';
import { languageChoiceMachine } from '../../../machines/language-choice.machine.js';
import {
  selectChoiceFailed,
  selectChoiceFollowing,
  selectChoiceSaved,
  selectChoiceSaving,
  selectChoiceShown,
} from '../../../machines/preference-choice.machine.js';
import { usePortal } from '../../../routes/portal/context.js';
import { AccountSection } from '../../../ui/portal/account/account-section.js';
import { LanguageChoice } from '../../../ui/portal/account/language-choice.js';
import { logPreferenceFailure, reportSavedPreferences } from './user-preferences.js';
import type { ReadOnly } from '../../../lib/read-only.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';

/**
 * The Language setting (issue 59): saved through PUT and handed to the app machine's user, from
 * which the page's language follows at once (main.tsx, `followLanguage`). A person who never chose
 * reads "Following your browser: Español" and no language shown as chosen, until they save one, in
 * one step (issue 76).
 */
export function LanguageSection({ user, readOnly }: { user: User; readOnly: ReadOnly }) {
  const { app, http } = usePortal();
  const { i18n, t } = useLingui();
  const actor = useActorRef(
    languageChoiceMachine.provide({
      actors: {
        save: fromPromise(({ input }) =>
          savePreference(http, user.preferences.pk, { language: input.value }),
        ),
      },
      actions: {
        reportSaved: (_, preferences) => reportSavedPreferences(app, preferences),
        logFailure: (_, error) => logPreferenceFailure(error),
      },
    }),
    { input: { kept: user.preferences.language ?? null } },
  );
  const reading: Language = i18n.locale === 'es' ? 'es' : 'en';
  const following = useSelector(actor, selectChoiceFollowing);
  return (
    <AccountSection id="language" title={t`Language`}>
      <LanguageChoice
        language={useSelector(actor, selectChoiceShown)}
        following={following ? reading : null}
        saving={useSelector(actor, selectChoiceSaving)}
        saved={useSelector(actor, selectChoiceSaved)}
        failed={useSelector(actor, selectChoiceFailed)}
        readOnly={readOnly}
        onChoose={(language) => actor.send({ type: 'choose', value: language })}
      />
    </AccountSection>
  );
}

import { useLingui } from '@lingui/react/macro';
import { Trans } from '@lingui/react/macro';
import { useReadOnly } from '../../../ui/view-as-context.js';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { offeredStudentTypes } from '../../../lib/affiliations.js';
import { useAnyOffline, useOffline } from '../../shared/offline.js';
import {
  fetchStudentTypes,
  fetchUserStudentTypes,
  saveUserStudentTypes,
} from '../../../api/next-steps/next-steps.js';
import { notificationSettingsCalls } from '../../../api/notification-settings.js';
import {
  selectChoices,
  selectSaveFailed,
  selectSaved,
  selectSelected,
  settingsMachine,
} from '../../../machines/settings.machine.js';
import type { ChoicesData } from '../../../machines/settings.machine.js';
import { selectUser } from '../../../machines/task-list.context.js';
import { Loading } from '../../../ui/loading.js';
import { ChoicesForm } from '../../../ui/next-steps/choices-form.js';
import { NotificationSettingsContainer } from '../../shared/notification-settings-container.js';
import { usePendingContent } from '../../shared/scroll-restoration.js';
import { useDocumentTitle } from '../../shared/document-title.js';
import { useNextSteps } from '../../../routes/next-steps/context.js';
import { useTaskListView } from '../task/use-task-list-view.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';

interface Screen {
  title: string;
  intro: string;
  legend: string;
  hint?: string;
  load: () => Promise<ChoicesData>;
  save: (pk: number, selected: number[]) => Promise<unknown>;
  onSaved?: () => void;
}

/** The screens call with the user's token, so they wait for the user call first. */
function SettingsScreen({ screen }: { screen: Screen }) {
  // Read in the language the person chose, when their record brings it after the first paint.
  const { t } = useLingui();
  const user = useTaskListView(selectUser);
  useDocumentTitle(screen.title, t`Next Steps`);
  return user ? <SettingsForm screen={screen} /> : <Loading />;
}

function SettingsForm({ screen }: { screen: Screen }) {
  const { list, connection } = useNextSteps();
  const actor = useActorRef(
    settingsMachine.provide({
      actors: {
        load: fromPromise(() => screen.load()),
        save: fromPromise(({ input }) => screen.save(input.pk, input.selected)),
      },
      actions: {
        // next-steps.md §8: these failures show the "Trouble connecting" toast directly; offline,
        // what was not kept is said in its place instead (issue 76).
        reportFailure: () => {
          if (navigator.onLine && !connection.getSnapshot().hasTag('offline')) {
            list.send({ type: 'notify.trouble' });
          }
        },
        reportSaved: () => screen.onSaved?.(),
      },
    }),
  );
  const choices = useSelector(actor, selectChoices);
  const selected = useSelector(actor, selectSelected);
  const saved = useSelector(actor, selectSaved);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  usePendingContent(loading);
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const pending = useSelector(actor, (s) => s.hasTag('pending'));
  const saveFailed = useSelector(actor, selectSaveFailed);
  const offline = useOffline(connection);
  const anyOffline = useAnyOffline(connection);
  const viewingAs = useReadOnly();
  return (
    <section className="page ns-settings">
      <h1 className="page__title">{screen.title}</h1>
      <ChoicesForm
        legend={screen.legend}
        intro={screen.intro}
        {...(screen.hint === undefined ? {} : { hint: screen.hint })}
        choices={choices}
        selected={selected}
        loading={loading}
        failed={failed}
        pending={pending}
        saved={saved}
        saveFailed={saveFailed}
        offline={offline}
        notKept={anyOffline}
        viewingAs={viewingAs}
        onToggle={(id) => actor.send({ type: 'settings.toggle', id })}
        onSave={() => actor.send({ type: 'settings.save' })}
        onRetry={() => actor.send({ type: 'settings.retry' })}
      />
    </section>
  );
}

/**
 * Notification preferences: the one notification-settings screen the portal's Account page shows too
 * (channels, Next Steps' notification types as topics, quiet hours, the daily digest). Saving the
 * topics also sets updated_by_user_on, which completes onboarding.
 */
export function PreferencesContainer() {
  const { t } = useLingui();
  const { http, list, campus, connection } = useNextSteps();
  const user = useTaskListView(selectUser);
  useDocumentTitle(t`Notification preferences`, t`Next Steps`);
  const calls = useMemo(() => notificationSettingsCalls(http), [http]);
  const offline = useOffline(connection);
  const viewingAs = useReadOnly();
  return (
    <section className="page ns-settings">
      <h1 className="page__title">
        <Trans>Notification preferences</Trans>
      </h1>
      <p className="choices__intro">
        <Trans>Choose how Next Steps reminds you about your tasks.</Trans>
      </p>
      {user ? (
        <NotificationSettingsContainer
          calls={calls}
          readOnly={viewingAs ? 'view-as' : offline ? 'offline' : null}
          timeZone={campus.timeZone}
          phoneCountry={campus.phone.defaultCountry}
          // next-steps.md §8: a failed save of the preferences shows the toast directly.
          onSaveFailed={() => list.send({ type: 'notify.trouble' })}
        />
      ) : (
        <Loading />
      )}
    </section>
  );
}

/** Student-type affiliations; "All Students" is hidden from the choices. */
export function AffiliationsContainer() {
  const { t } = useLingui();
  const { http, list } = useNextSteps();
  return (
    <SettingsScreen
      screen={{
        title: t`Affiliations`,
        intro: t`Choose the groups you belong to: your tasks follow from them.`,
        legend: t`Groups you belong to`,
        hint: t`Ticked from your student record the first time you opened Next Steps; your changes here are kept.`,
        load: async () => {
          const [types, mine] = await Promise.all([
            fetchStudentTypes(http),
            fetchUserStudentTypes(http),
          ]);
          const choices = offeredStudentTypes(types);
          return { pk: mine.pk, choices, selected: mine.student_types };
        },
        save: (pk, selected) => saveUserStudentTypes(http, pk, selected),
        onSaved: () => list.send({ type: 'list.refresh', at: Date.now(), force: true }),
      }}
    />
  );
}

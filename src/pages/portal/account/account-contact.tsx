import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { User } from '../../../../contract/user.schema.js';
import { savePreference } from '../../../api/preferences.js';
import { clearIntegrationCache } from '../../../api/clear-cache.js';
import { byPriority, emergencyName, emergencyPhone } from '../../../lib/emergency.js';
import {
  contactPreferencesMachine,
  selectContactProblem,
  selectContactSaved,
  selectContactSaving,
  selectSmsDraft,
} from '../../../machines/contactPreferences.machine.js';
import { selectRefreshFailed, selectRefreshing } from '../../../machines/accountRefresh.machine.js';
import { AccountSection } from '../../../ui/portal/account/account-section.js';
import { CommunicationPreferences } from '../../../ui/portal/account/communication-preferences.js';
import { EmergencyContacts } from '../../../ui/portal/account/emergency-contacts.js';
import { KeepingCurrent } from '../../../ui/portal/account/keeping-current.js';
import { SectionStatus } from '../../../ui/portal/section-status.js';
import type { RefreshRef } from './account-profile.js';
import { useReloadOnRefresh } from './account-profile.js';
import type { Http } from '../../../api/client.js';
import { usePortal } from '../../../routes/portal/context.js';
import { readOrEmpty } from '../shared/sis-reads.js';
import { useSectionActor, useSectionView } from '../shared/use-section.js';
import { logPreferenceFailure, reportSavedPreferences } from './user-preferences.js';

/** portal.md §3 Emergency info: the contacts by priority, ascending. */
export function EmergencyContactsSection({ refresh }: { refresh: RefreshRef }) {
  const { http } = usePortal();
  const section = useSectionActor({
    component: 'emergency-info',
    load: () => readOrEmpty(http, 'emergency-info'),
    isEmpty: (info) => info === null || info.EMERGENCY_CONTACTS.length === 0,
  });
  useReloadOnRefresh(refresh, section);
  const { status, data, retry } = useSectionView(section);
  return (
    <AccountSection id="emergency" title="Emergency contacts">
      <SectionStatus status={status} emptyText="No emergency contacts on record" onRetry={retry}>
        {() => (
          <EmergencyContacts
            contacts={byPriority(data?.EMERGENCY_CONTACTS ?? []).map((c) => ({
              id: c.id,
              name: emergencyName(c),
              relation: c.relation_description,
              phone: emergencyPhone(c),
            }))}
          />
        )}
      </SectionStatus>
    </AccountSection>
  );
}

/** Contact by email, by text and the SMS number, each saved alone (portal.md §7 PUT). */
export function CommunicationSection({ user, readOnly }: { user: User; readOnly: boolean }) {
  const { app, http } = usePortal();
  const [machine] = useState(() =>
    contactPreferencesMachine.provide({
      actors: {
        save: fromPromise(({ input }) => savePreference(http, user.preferences.pk, input)),
      },
      actions: {
        reportSaved: (_, preferences) => reportSavedPreferences(app, preferences),
        logFailure: (_, error) => logPreferenceFailure(error),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { sms: user.preferences.sms_number } });
  const saving = useSelector(actor, selectContactSaving);
  const sms = useSelector(actor, selectSmsDraft);
  const problem = useSelector(actor, selectContactProblem);
  const saved = useSelector(actor, selectContactSaved);
  return (
    <AccountSection id="communication" title="Communication preferences">
      <CommunicationPreferences
        byEmail={user.preferences.contact_by_email}
        byText={user.preferences.contact_by_text}
        sms={sms}
        saving={saving}
        readOnly={readOnly}
        problem={problem}
        saved={saved}
        onToggle={(field, value) => actor.send({ type: 'contact.toggle', field, value })}
        onEditSms={(value) => actor.send({ type: 'contact.editSms', value })}
        onSaveSms={() => actor.send({ type: 'contact.saveSms' })}
      />
    </AccountSection>
  );
}

/** The four cached reads "Refresh" clears (portal.md §7 clear-cache). */
export async function clearAccountCaches(http: Http): Promise<void> {
  const endpoints = ['ContactInfo', 'EmergencyInfo', 'PersonInfo', 'CurriculumInfo'] as const;
  await Promise.all(endpoints.map((endpoint) => clearIntegrationCache(http, endpoint)));
}

/** Where to update each record, and "Refresh" (portal.md §7 clear-cache). */
export function KeepingCurrentSection({ refresh }: { refresh: RefreshRef }) {
  const { campus } = usePortal();
  const refreshing = useSelector(refresh, selectRefreshing);
  const failed = useSelector(refresh, selectRefreshFailed);
  return (
    <AccountSection id="keeping-current" title="Keeping it current">
      <KeepingCurrent
        links={{
          contact: campus.account.updateContactInfo,
          emergency: campus.account.updateEmergencyContacts,
          personal: campus.account.updatePersonalInfo,
        }}
        refreshing={refreshing}
        failed={failed}
        onRefresh={() => refresh.send({ type: 'refresh.start' })}
      />
    </AccountSection>
  );
}

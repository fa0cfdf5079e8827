import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { notificationSettingsCalls } from '../../../api/notification-settings.js';
import { clearIntegrationCache } from '../../../api/clear-cache.js';
import { byPriority, emergencyName, emergencyPhone } from '../../../lib/emergency.js';
import {
  selectRefreshDone,
  selectRefreshFailed,
  selectRefreshing,
} from '../../../machines/account-refresh.machine.js';
import { AccountSection } from '../../../ui/portal/account/account-section.js';
import { EmergencyContacts } from '../../../ui/portal/account/emergency-contacts.js';
import { KeepingCurrent } from '../../../ui/portal/account/keeping-current.js';
import { SectionStatus } from '../../../ui/portal/section-status.js';
import type { RefreshRef } from './account-profile.js';
import { InstallAppSection } from './install-app-section.js';
import { PushDeviceSection } from './push-device-section.js';
import { useReloadOnRefresh } from './account-profile.js';
import type { Http } from '../../../api/client.js';
import { usePortal } from '../../../routes/portal/context.js';
import { usePageReadActor } from '../shared/use-page-read.js';
import { useSectionView } from '../shared/use-section.js';
import type { AccountReads } from './account-reads.js';
import { NotificationSettingsContainer } from '../../shared/notification-settings-container.js';
import { reportSavedPreferences } from './user-preferences.js';
import type { ReadOnly } from '../../../lib/read-only.js';

/** portal.md §3 Emergency info: the contacts by priority, ascending. */
export function EmergencyContactsSection({
  refresh,
  reads,
}: {
  refresh: RefreshRef;
  reads: AccountReads;
}) {
  const { campus } = usePortal();
  const { t } = useLingui();
  const section = usePageReadActor(reads, 'emergency');
  useReloadOnRefresh(refresh, section);
  const { status, data, retry } = useSectionView(section);
  return (
    <AccountSection id="emergency" title={t`Emergency contacts`}>
      <SectionStatus status={status} emptyText={t`No emergency contacts on record`} onRetry={retry}>
        {() => (
          <EmergencyContacts
            contacts={byPriority(data?.EMERGENCY_CONTACTS ?? []).map((c) => ({
              id: c.id,
              name: emergencyName(c),
              relation: c.relation_description,
              phone: emergencyPhone(c, campus.phone.defaultCountry),
            }))}
          />
        )}
      </SectionStatus>
    </AccountSection>
  );
}

/**
 * Reminders and how they reach the person (issue 29): the one notification-settings screen Next
 * Steps' preferences show too; each saved record goes to the app's user, as the photo toggle's does.
 * `push` is the slot for web push on this device.
 */
export function CommunicationSection({ readOnly, push }: { readOnly: ReadOnly; push?: ReactNode }) {
  const { app, http, campus } = usePortal();
  const { t } = useLingui();
  const calls = useMemo(() => notificationSettingsCalls(http), [http]);
  return (
    <>
      <AccountSection id="communication" title={t`Communication preferences`}>
        <NotificationSettingsContainer
          calls={calls}
          readOnly={readOnly}
          timeZone={campus.timeZone}
          phoneCountry={campus.phone.defaultCountry}
          push={push}
          onSaved={(preferences) => reportSavedPreferences(app, preferences)}
        />
        <PushDeviceSection readOnly={readOnly} />
      </AccountSection>
      <InstallAppSection />
    </>
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
  const { t } = useLingui();
  const refreshing = useSelector(refresh, selectRefreshing);
  const failed = useSelector(refresh, selectRefreshFailed);
  const done = useSelector(refresh, selectRefreshDone);
  return (
    <AccountSection id="keeping-current" title={t`Keeping it current`}>
      <KeepingCurrent
        links={{
          contact: campus.account.updateContactInfo,
          emergency: campus.account.updateEmergencyContacts,
          personal: campus.account.updatePersonalInfo,
        }}
        refreshing={refreshing}
        failed={failed}
        done={done}
        onRefresh={() => refresh.send({ type: 'refresh.start' })}
      />
    </AccountSection>
  );
}

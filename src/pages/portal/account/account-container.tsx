import { useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { useReadOnly } from '../../../ui/view-as-context.js';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { seesStudentBlocks } from '../../../lib/sis-person.js';
import type { User } from '../../../../contract/user.schema.js';
import { setUseProfilePhoto } from '../../../api/preferences.js';
import { accountAnchorOf, canvasOutcomeOf } from '../../../lib/account.js';
import { accountRefreshMachine } from '../../../machines/account-refresh.machine.js';
import { selectUser } from '../../../machines/app.machine.js';
import { selectIsDemo } from '../../../machines/demo.machine.js';
import {
  profilePhotoMachine,
  selectPhotoFailed,
  selectPhotoSaved,
  selectPhotoSaving,
} from '../../../machines/profile-photo.machine.js';
import { AccountPage } from '../../../ui/portal/account/account-page.js';
import { PhotoPicker } from '../../../ui/portal/account/photo-picker.js';
import {
  clearAccountCaches,
  CommunicationSection,
  EmergencyContactsSection,
  KeepingCurrentSection,
} from './account-contact.js';
import { HoldsSection } from '../shared/holds-section.js';
import { ProfileInfo } from './account-profile.js';
import { ThemeSection } from './account-theme.js';
import { LanguageSection } from './account-language.js';
import { CourseworkSection } from './coursework-section.js';
import { PortalViewsSection } from './portal-views-section.js';
import { SharesSection } from './shares-section.js';
import { ProfileSummaryBlock } from '../shared/blocks/profile-summary-block.js';
import { usePortal } from '../../../routes/portal/context.js';
import { PageToolbar } from '../shared/blocks/page-toolbar-block.js';
import { usePageTitle } from '../shared/page-title.js';
import { usePageRead } from '../shared/use-page-read.js';
import { portalRouteApi } from '../../../routes/portal/route-api.js';
import type { AccountReads } from './account-reads.js';
import { logPreferenceFailure, reportSavedPreferences } from './user-preferences.js';
import { apiFailed } from '../../../api/api-failure.js';
import { useOffline } from '../../shared/offline.js';
import type { ReadOnly } from '../../../lib/read-only.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';

/** Once a section has settled, an address naming it (#holds, #profile) brings it into view. */
function useScrollIntoView(anchor: string, hash: string, settled: boolean) {
  useEffect(() => {
    if (settled && hash === anchor) document.getElementById(anchor)?.scrollIntoView();
  }, [anchor, hash, settled]);
}

/** The photo toggle: saves through PATCH and hands the result to the app machine's user. */
function PhotoChoice({ user, readOnly }: { user: User; readOnly: ReadOnly }) {
  const { app, http } = usePortal();
  const photo = useActorRef(
    profilePhotoMachine.provide({
      actors: {
        save: fromPromise(({ input }) => setUseProfilePhoto(http, user.preferences.pk, input.use)),
      },
      actions: {
        reportSaved: (_, preferences) => reportSavedPreferences(app, preferences),
        logFailure: (_, error) => logPreferenceFailure(error),
      },
    }),
  );
  return (
    <PhotoPicker
      hasPhoto={user.photo !== null}
      usePhoto={user.preferences.use_profile_photo}
      saving={useSelector(photo, selectPhotoSaving)}
      failed={useSelector(photo, selectPhotoFailed)}
      saved={useSelector(photo, selectPhotoSaved)}
      readOnly={readOnly}
      onChange={(use) => photo.send({ type: 'photo.set', use })}
    />
  );
}

/** Account's holds, brought into view by #holds once settled. */
function AccountHolds({ hash, reads }: { hash: string; reads: AccountReads }) {
  const section = usePageRead(reads, 'holds');
  useScrollIntoView('holds', hash, section.status !== 'loading');
  return <HoldsSection section={section} />;
}

const accountRoute = portalRouteApi('/account');

// The route's loader starts the page's reads from the page's own chunk.
export { pageReads } from './account-reads.js';

/** portal.md §2 Account: its records read by its route's loader (`account-reads.ts`). */
export function AccountContainer() {
  const { t } = useLingui();
  const { reads } = accountRoute.useLoaderData();
  usePageTitle(t`Account`);
  const { app, demo, connection } = usePortal();
  const user = useSelector(app, selectUser);
  const isDemo = useSelector(demo, selectIsDemo);
  const offline = useOffline(connection);
  const viewingAs = useReadOnly();
  const readOnly: ReadOnly = viewingAs ? 'view-as' : isDemo ? 'demo' : offline ? 'offline' : null;
  const hash = useLocation({ select: (l) => accountAnchorOf(l.hash) ?? '' });
  const canvasOutcome = useLocation({ select: (l) => canvasOutcomeOf(l.search) });
  const { http } = usePortal();
  const refresh = useActorRef(
    accountRefreshMachine.provide({
      actors: { clearCaches: fromPromise(() => clearAccountCaches(http)) },
      actions: {
        reportFailure: () => app.send(apiFailed('clear-cache')),
      },
    }),
  );
  // The profile section sits below the holds: it is in its place once they have settled.
  useScrollIntoView('profile', hash, true);
  if (!user) return null;
  return (
    <AccountPage
      toolbar={<PageToolbar title={t`Account`} titleId="account-title" />}
      summary={<ProfileSummaryBlock place="account" readProgram={() => reads.answer('program')} />}
      photo={<PhotoChoice user={user} readOnly={readOnly} />}
      holds={seesStudentBlocks(user) ? <AccountHolds hash={hash} reads={reads} /> : null}
      profile={<ProfileInfo user={user} refresh={refresh} reads={reads} hash={hash} />}
      emergency={<EmergencyContactsSection refresh={refresh} reads={reads} />}
      communication={
        // The language first: it is the emails', texts' and notifications' language too (issue 76).
        <>
          <LanguageSection user={user} readOnly={readOnly} />
          <CommunicationSection readOnly={readOnly} />
        </>
      }
      keepingCurrent={<KeepingCurrentSection refresh={refresh} />}
      views={
        <>
          {seesStudentBlocks(user) ? <SharesSection reads={reads} readOnly={readOnly} /> : null}
          <PortalViewsSection reads={reads} />
        </>
      }
      coursework={
        seesStudentBlocks(user) && !isDemo ? (
          <CourseworkSection readOnly={readOnly} canvasOutcome={canvasOutcome} />
        ) : null
      }
      appearance={
        <>
          <ThemeSection user={user} readOnly={readOnly} />
        </>
      }
    />
  );
}

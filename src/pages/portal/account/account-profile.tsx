import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { User } from '../../../../contract/user.schema.js';
import { seesStudentBlocks } from '../../../lib/sis-person.js';
import { isProfileOpenByDefault } from '../../../lib/account.js';
import { classStandingLabel } from '../../../lib/class-standing.js';
import { useTermName } from '../../../ui/portal/term-name.js';
import { screenWidth } from '../../../ui/portal/use-wide.js';
import { addressLines, contactEmail, contactPhone } from '../../../lib/contact.js';
import type { accountRefreshMachine } from '../../../machines/account-refresh.machine.js';
import { disclosureMachine, selectIsOpen } from '../../../machines/disclosure.machine.js';
import { AboutMe } from '../../../ui/portal/account/about-me.js';
import { AcademicInfo } from '../../../ui/portal/account/academic-info.js';
import { ProfilePart } from '../../../ui/portal/account/account-section.js';
import { ContactInfoView } from '../../../ui/portal/account/contact-info.js';
import { ProfileSection } from '../../../ui/portal/account/profile-section.js';
import { SectionStatus } from '../../../ui/portal/section-status.js';
import { usePortal } from '../../../routes/portal/context.js';
import { usePageReadActor } from '../shared/use-page-read.js';
import { useSectionView } from '../shared/use-section.js';
import type { SectionRef } from '../shared/use-section.js';
import type { AccountReads } from './account-reads.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';

export type RefreshRef = ActorRefFrom<typeof accountRefreshMachine>;

/** A section loads again once "Refresh" has cleared the server's cached copies. */
export function useReloadOnRefresh<T>(refresh: RefreshRef, section: SectionRef<T>) {
  useEffect(() => {
    const subscription = refresh.on('refresh.done', () => section.send({ type: 'section.reload' }));
    return () => subscription.unsubscribe();
  }, [refresh, section]);
}

type PartProps = { refresh: RefreshRef; reads: AccountReads };

function AcademicInfoPart({ refresh, reads }: PartProps) {
  const section = usePageReadActor(reads, 'program');
  useReloadOnRefresh(refresh, section);
  const { status, data, retry } = useSectionView(section);
  const { t } = useLingui();
  const termName = useTermName();
  return (
    <ProfilePart title={t`Academic information`}>
      <SectionStatus status={status} emptyText={t`No Record Found/Not Applicable`} onRetry={retry}>
        {() =>
          data?.curriculum && (
            <AcademicInfo
              curricula={data.curriculum.curricula}
              classStanding={classStandingLabel(data.standing?.class_standing)}
              expectedGraduation={
                data.curriculum.expected_graduation && termName(data.curriculum.expected_graduation)
              }
              preProfessional={data.curriculum.pre_prof.map((p) => p.PRE_PROF_DESC)}
            />
          )
        }
      </SectionStatus>
    </ProfilePart>
  );
}

function ContactPart({ refresh, reads }: PartProps) {
  const { campus } = usePortal();
  const country = campus.phone.defaultCountry;
  const section = usePageReadActor(reads, 'contact');
  useReloadOnRefresh(refresh, section);
  const { status, data, retry } = useSectionView(section);
  const { t } = useLingui();
  return (
    <ProfilePart title={t`Contact information`}>
      <SectionStatus status={status} emptyText={t`Contact info not available`} onRetry={retry}>
        {() =>
          data && (
            <ContactInfoView
              address={addressLines(data)}
              phone={contactPhone(data, country)}
              email={contactEmail(data)}
            />
          )
        }
      </SectionStatus>
    </ProfilePart>
  );
}

function AboutMePart({ refresh, reads }: PartProps) {
  const { campus } = usePortal();
  const section = usePageReadActor(reads, 'person');
  useReloadOnRefresh(refresh, section);
  const { status, data, retry } = useSectionView(section);
  const { t } = useLingui();
  return (
    <ProfilePart title={t`About me`}>
      <SectionStatus status={status} emptyText={t`No Record Found/Not Applicable`} onRetry={retry}>
        {() =>
          data && (
            <AboutMe person={data} veteranFormUrl={campus.academics.veteranCertificationForm} />
          )
        }
      </SectionStatus>
    </ProfilePart>
  );
}

/**
 * portal.md §2 Account page: the collapsible profile section, open by default at 1200 px or more or
 * with #profile; an address naming #profile opens it while the page shows.
 */
export function ProfileInfo({
  user,
  refresh,
  reads,
  hash,
}: {
  user: User;
  refresh: RefreshRef;
  reads: AccountReads;
  hash: string;
}) {
  // The input is read once, when the actor is made: the page's width and address as it opens.
  const disclosure = useActorRef(disclosureMachine, {
    input: { open: isProfileOpenByDefault(screenWidth(), hash) },
  });
  const expanded = useSelector(disclosure, selectIsOpen);
  useEffect(() => {
    if (hash === 'profile') disclosure.send({ type: 'disclosure.open' });
  }, [hash, disclosure]);
  return (
    <ProfileSection open={expanded} onToggle={() => disclosure.send({ type: 'disclosure.toggle' })}>
      {seesStudentBlocks(user) && <AcademicInfoPart refresh={refresh} reads={reads} />}
      <ContactPart refresh={refresh} reads={reads} />
      <AboutMePart refresh={refresh} reads={reads} />
    </ProfileSection>
  );
}

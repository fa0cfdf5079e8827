import { Suspense, lazy } from 'react';
import { Link } from '@tanstack/react-router';
import { financialAccountSummaryAnswerSchema } from '../../../../../contract/sis/finances.schema.js';
import { holdsAnswerSchema } from '../../../../../contract/sis/holds.schema.js';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { isStudent } from '../../../../../contract/roles.rules.js';
import type { Hold } from '../../../../../contract/sis/holds.schema.js';
import type { User } from '../../../../../contract/user.schema.js';
import { fetchProfile } from '../../../../api/profile.js';
import { classStandingLabel } from '../../../../lib/class-standing.js';
import { takeEarlyRead } from '../../../../lib/early-read.js';
import type { EarlyRead } from '../../../../lib/early-read.js';
import { displayName } from '../../../../lib/display-name.js';
import { profileCardFor } from '../../../../lib/profile-card.js';
import type { ProfilePlace } from '../../../../lib/profile-card.js';
import { profileImageOf } from '../../../../lib/profile-image.js';
import { primaryProgram } from '../../../../lib/program.js';
import { roleLabels } from '../../../../lib/role-label.js';
import { selectUser } from '../../../../machines/app.machine.js';
import { knownToSis } from '../../../../lib/sis-person.js';
import {
  EmployeeCard,
  HoldsSummary,
  ProfileSummary,
  StudentCard,
} from '../../../../ui/portal/profile-summary.js';
import { usePortal } from '../../../../routes/portal/context.js';
import { BalanceLine } from '../../../../ui/portal/balance-line.js';
import { useReadOnly } from '../../../../ui/view-as-context.js';
import { readOrEmpty, readStudentProgram } from '../sis-reads.js';
import type { StudentProgram } from '../sis-reads.js';
import { useSectionActor, useSectionView } from '../use-section.js';
import { idleSwap } from '../../../../lib/idle-part.js';

/** Someone the SIS has no record of is rare: their card is a chunk of its own (issue 75). */
const UnknownPersonCard = lazy(() =>
  import('../../../../ui/portal/unknown-person.js').then((m) => ({
    default: m.UnknownPersonCard,
  })),
);

const fullName = (user: User) => `${user.first_name} ${user.last_name}`.trim();

/** What the dashboard's loader started reading for the card and the hold summary, each taken once. */
interface EarlyStudentReads {
  program: EarlyRead<StudentProgram>;
  holds: EarlyRead<Hold[] | null>;
}

/** The card's degree progress before its code has come: a link to Academics' "Degree progress". */
function DegreeLink() {
  return (
    <Link to="/academics" hash="degree-progress">
      <Trans>
        View<span className="visually-hidden"> your degree progress</span>
      </Trans>
    </Link>
  );
}

/**
 * Issue 92: the card's degree progress, its code after the first screen (the server draws the
 * link, which a person without scripts follows): the figure takes the link's place once its code
 * has arrived and the audit has answered.
 */
const DegreeFigure = idleSwap(
  () => import('../degree-figure.js').then((m) => m.DegreeFigure),
  DegreeLink,
);

function StudentCardBlock({
  user,
  early,
  readProgram,
  degree,
}: {
  user: User;
  early?: EarlyRead<StudentProgram> | undefined;
  readProgram?: (() => Promise<StudentProgram>) | undefined;
  degree: boolean;
}) {
  const { http } = usePortal();
  const section = useSectionActor({
    component: 'curriculum-info',
    load: () => readProgram?.() ?? takeEarlyRead(early) ?? readStudentProgram(http),
  });
  const { status, data } = useSectionView(section);
  const program = data?.curriculum ? primaryProgram(data.curriculum.curricula) : null;
  return (
    <StudentCard
      image={profileImageOf(user)}
      name={fullName(user)}
      universityId={user.nine_number}
      program={{ status, text: program?.FOS_DESC ?? '' }}
      classStanding={{ status, text: classStandingLabel(data?.standing?.class_standing) }}
      degree={degree && <DegreeFigure Standin={DegreeLink} />}
    />
  );
}

/** The student card of someone with no student role (academics, §2): no record to ask the SIS for. */
function StudentCardWithoutRecord({ user }: { user: User }) {
  const none = { status: 'empty', text: '' } as const;
  return (
    <StudentCard
      image={profileImageOf(user)}
      name={fullName(user)}
      universityId={user.nine_number}
      program={none}
      classStanding={none}
    />
  );
}

function EmployeeCardBlock({ user }: { user: User }) {
  const { http } = usePortal();
  const section = useSectionActor({
    component: 'psu_user_profile',
    load: () => fetchProfile(http),
  });
  const { status, data } = useSectionView(section);
  const office = data?.staff_faculty_info ?? null;
  return (
    <EmployeeCard
      image={profileImageOf(user)}
      name={fullName(user)}
      universityId={user.nine_number}
      roles={roleLabels(user)}
      title={{ status, text: office?.title ?? '' }}
      department={{ status, text: office?.department ?? '' }}
    />
  );
}

/** The dashboard's holds summary for students (portal.md §2 Shared blocks, §8 holds texts). */
function HoldsSummaryBlock({ early }: { early?: EarlyRead<Hold[] | null> | undefined }) {
  const { http } = usePortal();
  const section = useSectionActor({
    component: 'holds',
    load: () => takeEarlyRead(early) ?? readOrEmpty(http, 'holds', holdsAnswerSchema),
    isEmpty: (holds) => holds === null || holds.length === 0,
  });
  const { status, data } = useSectionView(section);
  return <HoldsSummary status={status} holds={data ?? []} />;
}

/**
 * Issue 89: the dashboard's balance line, where a payment provider is configured: the amount due and
 * Pay (not while the page is read only: support viewing as the student, as Finances' Pay form).
 */
function BalanceLineBlock() {
  const { http } = usePortal();
  const readOnly = useReadOnly();
  const section = useSectionActor({
    component: 'financial-account-summary',
    load: () => readOrEmpty(http, 'financial-account-summary', financialAccountSummaryAnswerSchema),
    isEmpty: (summary) => summary === null,
  });
  const { status, data } = useSectionView(section);
  return (
    <BalanceLine
      status={status}
      amountDue={data?.CHARGES_DETAIL.CHARGES_AMOUNT_DUE ?? null}
      payable={!readOnly}
    />
  );
}

/**
 * portal.md §2 Shared blocks, Profile summary: "Hello" plus the display name on the dashboard; a
 * student card on academics or for a student primary role, else the employee card; on the dashboard
 * a holds summary with "View more" for students. A page whose loader reads the student's program
 * gives the card that read (`readProgram`, Academics').
 */
export function ProfileSummaryBlock({
  place,
  early,
  readProgram,
}: {
  place: ProfilePlace;
  early?: EarlyStudentReads | null | undefined;
  readProgram?: () => Promise<StudentProgram>;
}) {
  const { app, campus } = usePortal();
  const user = useSelector(app, selectUser);
  const { t } = useLingui();
  if (!user) return null;
  const name = displayName(user);
  const greeting = place === 'dashboard' ? t`Hello ${name}` : null;
  // Someone the SIS has no record of: no student card or holds, but what the portal knows and
  // whom to contact (issue 57).
  if (!knownToSis(user))
    return (
      <ProfileSummary
        greeting={greeting}
        card={
          <Suspense fallback={null}>
            <UnknownPersonCard
              name={fullName(user)}
              email={user.email}
              contact={campus.supportAndHelp[0]}
            />
          </Suspense>
        }
        holds={null}
      />
    );
  const card =
    profileCardFor(user, place) !== 'student' ? (
      <EmployeeCardBlock user={user} />
    ) : isStudent(user) ? (
      <StudentCardBlock
        user={user}
        early={early?.program}
        readProgram={readProgram}
        degree={place === 'dashboard'}
      />
    ) : (
      <StudentCardWithoutRecord user={user} />
    );
  return (
    <ProfileSummary
      greeting={greeting}
      card={card}
      holds={
        place === 'dashboard' && isStudent(user) ? (
          <>
            <HoldsSummaryBlock early={early?.holds} />
            {campus.finances.pay.provider !== 'link' && <BalanceLineBlock />}
          </>
        ) : null
      }
    />
  );
}

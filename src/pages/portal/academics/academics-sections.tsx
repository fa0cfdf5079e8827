import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useContext, useDeferredValue } from 'react';
import { DelegateContext } from '../../../ui/view-as-context.js';
import type { TermCode } from '../../../../contract/sis/common.schema.js';
import { EmptyValue } from '../../../ui/portal/empty-value.js';
import { dataOf } from '../../../lib/sis-answer.js';
import { weekOfTerm } from '../../../lib/terms.js';
import { campusDay } from '../../../lib/time.js';
import { revealMachine, selectIsShown } from '../../../machines/reveal.machine.js';
import { AcademicsPage } from '../../../ui/portal/academics/academics-page.js';
import { ProgramView } from '../../../ui/portal/academics/program.js';
import { SectionCard } from '../../../ui/portal/academics/section-card.js';
import { useTermName } from '../../../ui/portal/term-name.js';
import {
  BookstoreLink,
  GpaView,
  StandingView,
  TermView,
} from '../../../ui/portal/academics/summary-cards.js';
import { VeteranBenefits } from '../../../ui/portal/academics/veteran-benefits.js';
import { AttendanceSection, useAttendanceRead } from './academics-attendance.js';
import { CalendarSubscriptionBlock } from '../shared/blocks/calendar-subscription-block.js';
import { ProfileSummaryBlock } from '../shared/blocks/profile-summary-block.js';
import { PageToolbar } from '../shared/blocks/page-toolbar-block.js';
import { AdvisorsSection } from './academics-advisors.js';
import { DegreeSection } from './academics-degree.js';
import { GradesSection } from './academics-grades.js';
import { ScheduleSection } from './academics-schedule.js';
import { usePortal } from '../../../routes/portal/context.js';
import { usePageRead } from '../shared/use-page-read.js';
import type { AcademicsReads } from './academics-reads.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';

type Reads = { reads: AcademicsReads };

function TermBookstore({ reads, termName }: Reads & { termName: string }) {
  const bookstore = usePageRead(reads, 'bookstore');
  const link = bookstore.data && dataOf(bookstore.data);
  return bookstore.status === 'loading' ? (
    <span className="muted">
      <Trans>Loading the bookstore link…</Trans>
    </span>
  ) : (
    <BookstoreLink href={link?.BOOKSTORE_LINK ?? null} termName={termName} />
  );
}

function TermVeteran({ reads }: Reads) {
  const { campus } = usePortal();
  const person = usePageRead(reads, 'personInfo');
  const eligible = (person.data && dataOf(person.data)?.VETERAN_ELIGIBILITY) === 'Y';
  return (
    <VeteranBenefits
      eligible={eligible}
      formUrl={campus.academics.veteranCertificationForm}
      officeUrl={campus.academics.veteransOffice}
    />
  );
}

/** The current term; the bookstore and veteran benefits are the student's own (none for a delegate). */
function TermSection({ reads, delegate }: Reads & { delegate: boolean }) {
  const { campus } = usePortal();
  const { t } = useLingui();
  const termName = useTermName();
  const term = usePageRead(reads, 'termInfo');
  const info = term.data && dataOf(term.data);
  return (
    <SectionCard
      id="current-term"
      title={t`Current term`}
      state={term.status}
      emptyText={t`Unable to retrieve current term info`}
      errorText={t`Unable to retrieve current term info`}
      onRetry={term.retry}
    >
      {info && (
        <TermView
          name={termName(info.term)}
          week={weekOfTerm(info.start_date, campusDay(new Date(), campus.timeZone).date)}
          bookstore={
            delegate ? undefined : <TermBookstore reads={reads} termName={termName(info.term)} />
          }
          veteran={delegate ? undefined : <TermVeteran reads={reads} />}
        />
      )}
    </SectionCard>
  );
}

function GpaSection({ reads }: Reads) {
  const { t } = useLingui();
  const gpa = usePageRead(reads, 'gpa');
  const records = gpa.data && dataOf(gpa.data);
  return (
    <SectionCard
      id="gpa"
      title={t`GPA`}
      state={gpa.status}
      emptyText={<EmptyValue>{t`Not available`}</EmptyValue>}
      onRetry={gpa.retry}
    >
      {records && <GpaView records={records} />}
    </SectionCard>
  );
}

function StandingSection({ reads }: Reads) {
  const { t } = useLingui();
  const standing = usePageRead(reads, 'standing');
  return (
    <SectionCard
      id="standing"
      title={t`Standing`}
      state={standing.status}
      emptyText={<StandingView standing={null} />}
      onRetry={standing.retry}
    >
      {standing.data && <StandingView standing={dataOf(standing.data)} />}
    </SectionCard>
  );
}

function ProgramSection({ reads }: Reads) {
  const { t } = useLingui();
  const program = usePageRead(reads, 'program');
  const info = program.data && dataOf(program.data);
  return (
    <SectionCard
      id="program"
      title={t`Academic program`}
      state={program.status}
      emptyText={<EmptyValue>{t`No Record Found/Not Applicable`}</EmptyValue>}
      onRetry={program.retry}
    >
      {info && <ProgramView info={info} />}
    </SectionCard>
  );
}

/**
 * The student's Academics page: each section shows the read its route's loader started (kept in the
 * router's cache), and fails and retries on its own. A delegate (issue 88) reads the same sections
 * but the student's own: no calendar subscription, bookstore or veteran benefits.
 */
export function StudentAcademics({
  reads,
  askedTerm,
  onSelectTerm,
}: {
  reads: AcademicsReads;
  askedTerm: TermCode | undefined;
  onSelectTerm: (term: TermCode) => void;
}) {
  const { t } = useLingui();
  const delegate = useContext(DelegateContext) !== null;
  // The attendance warnings stand above the rest and show only when there are some. Once they have
  // answered the page shows: read here, at render, so a page the server draws shows it too (an
  // effect, which tells `reveal`, never runs there).
  const reveal = useActorRef(revealMachine);
  const shown = useSelector(reveal, selectIsShown);
  const attendance = useAttendanceRead(reads);
  // Deferred as the warnings' own view is (`useSectionView`): both change in one render, so the
  // page below never shows a render before the warnings above it do.
  const answered = useDeferredValue(useSelector(attendance, (s) => !s.hasTag('loading')));
  return (
    <AcademicsPage
      settling={!shown && !answered}
      toolbar={<PageToolbar title={t`Academics`} titleId="academics-title" />}
      summary={<ProfileSummaryBlock place="academics" readProgram={() => reads.answer('card')} />}
      calendar={
        delegate ? null : (
          <CalendarSubscriptionBlock
            load={() => reads.answer('calendar')}
            onSaved={() => reads.forget('calendar')}
          />
        )
      }
      attendance={<AttendanceSection reads={reads} list={attendance} reveal={reveal} />}
      term={<TermSection reads={reads} delegate={delegate} />}
      gpa={<GpaSection reads={reads} />}
      standing={<StandingSection reads={reads} />}
      program={<ProgramSection reads={reads} />}
      degree={<DegreeSection reads={reads} />}
      schedule={<ScheduleSection reads={reads} />}
      grades={<GradesSection reads={reads} asked={askedTerm} onSelectTerm={onSelectTerm} />}
      advisors={<AdvisorsSection reads={reads} delegate={delegate} />}
    />
  );
}

import { useLingui } from '@lingui/react/macro';
import type { Advisor } from '../../../../contract/sis/advisors.schema.js';
import { bookingUrl } from '../../../lib/advising-booking.js';
import { nextAppointment } from '../../../lib/appointments.js';
import { dataOf } from '../../../lib/sis-answer.js';
import { usePortal } from '../../../routes/portal/context.js';
import { AdvisorAppointments } from '../../../ui/portal/academics/advisor-appointments.js';
import { AdvisorsList } from '../../../ui/portal/academics/advisors.js';
import { SectionCard } from '../../../ui/portal/academics/section-card.js';
import { usePageRead } from '../shared/use-page-read.js';
import type { AcademicsReads } from './academics-reads.js';

type Reads = { reads: AcademicsReads };

/**
 * Issue 92: the student's next appointment and "Book with my advisor" (the campus's booking page
 * for the advisor the SIS names, when the campus configures its template). Its own states: a failed
 * appointments read says so in a line and leaves the advisors as they are.
 */
function NextAppointment({ reads, advisors }: Reads & { advisors: Advisor[] }) {
  const { campus } = usePortal();
  const appointments = usePageRead(reads, 'appointments');
  return (
    <AdvisorAppointments
      state={appointments.status}
      next={nextAppointment(appointments.data ?? [])}
      timeZone={campus.timeZone}
      bookingUrl={bookingUrl(campus.academics.advisingBooking, advisors)}
    />
  );
}

/**
 * portal.md §3 advisors, the primary first; a student's own card adds their next appointment and
 * the booking link, which a delegate (issue 88) does not get.
 */
export function AdvisorsSection({ reads, delegate }: Reads & { delegate: boolean }) {
  const { t } = useLingui();
  const advisors = usePageRead(reads, 'advisors');
  const list = advisors.data && dataOf(advisors.data);
  return (
    <SectionCard
      id="advisors"
      title={t`Advisors`}
      state={advisors.status}
      emptyText={t`No advisor is assigned to you yet.`}
      onRetry={advisors.retry}
    >
      {list && <AdvisorsList advisors={list} />}
      {list && !delegate && <NextAppointment reads={reads} advisors={list} />}
    </SectionCard>
  );
}

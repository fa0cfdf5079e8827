import { Trans, useLingui } from '@lingui/react/macro';
import type { Appointment } from '../../../../contract/appointments.schema.js';
import { formatAppointmentStart } from '../../../lib/appointment-time.js';
import { RecordText } from '../../record-text.js';
import { JoinLink } from '../join-link.js';
import './advisor-appointments.css';

export interface AdvisorAppointmentsProps {
  state: 'loading' | 'loaded' | 'empty' | 'error';
  /** The soonest appointment not cancelled. */
  next: Appointment | null;
  timeZone: string;
  /** The campus's booking page for the advisor; none without the campus's template. */
  bookingUrl: string | null;
}

/** The next appointment's line: when (campus time), with whom, where. */
function NextLine({ next, timeZone }: { next: Appointment; timeZone: string }) {
  const when = formatAppointmentStart(next.starts_at, timeZone);
  const name = <RecordText>{next.with.name}</RecordText>;
  if (next.place === null)
    return (
      <Trans>
        Next: {when} with {name}
      </Trans>
    );
  const place = <RecordText>{next.place}</RecordText>;
  return (
    <Trans>
      Next: {when} with {name}, {place}
    </Trans>
  );
}

/**
 * Issue 92: under the advisors, the student's next appointment ("Next: Fri, Dec 3, 2027, 10:00 AM with
 * Dr. Lee, Student Services 210", Join for an online one) and "Book with my advisor", which opens
 * the campus's booking page when the campus configures one.
 */
export function AdvisorAppointments({
  state,
  next,
  timeZone,
  bookingUrl,
}: AdvisorAppointmentsProps) {
  const { t } = useLingui();
  return (
    <div className="acad-appointments">
      {state === 'loading' && <p className="muted">{t`Loading your appointments…`}</p>}
      {state === 'error' && <p className="muted">{t`Appointments could not be loaded`}</p>}
      {state !== 'loading' && state !== 'error' && !next && (
        <p className="muted">{t`No upcoming appointments`}</p>
      )}
      {next && (
        <p>
          <NextLine next={next} timeZone={timeZone} />
          {next.online_link && !next.cancelled && ' '}
          <JoinLink appointment={next} />
        </p>
      )}
      {bookingUrl && (
        <a className="button" href={bookingUrl} target="_blank" rel="noopener noreferrer">
          <Trans>Book with my advisor</Trans>
        </a>
      )}
    </div>
  );
}

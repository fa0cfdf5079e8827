import { Trans } from '@lingui/react/macro';
import type { Appointment } from '../../../contract/appointments.schema.js';
import { formatCampusTime } from '../../lib/time.js';
import { RecordText } from '../record-text.js';
import { JoinLink } from './join-link.js';

/** One appointment of the day: time, with whom, where, and Join for an online one not cancelled. */
function AppointmentItem({
  appointment: a,
  timeZone,
}: {
  appointment: Appointment;
  timeZone: string;
}) {
  const { name, office } = a.with;
  return (
    <li className={`todays-classes__item${a.cancelled ? ' todays-classes__item--cancelled' : ''}`}>
      <span className="todays-classes__time">
        {formatCampusTime(a.starts_at, timeZone)} – {formatCampusTime(a.ends_at, timeZone)}
        {a.cancelled && (
          <span className="todays-classes__cancelled">
            <Trans>Cancelled</Trans>
          </span>
        )}
      </span>
      <span>
        <Trans>
          with <RecordText>{name}</RecordText>
        </Trans>
        {office && (
          <span className="muted">
            {' · '}
            <RecordText>{office}</RecordText>
          </span>
        )}
      </span>
      {a.place && (
        <span className="muted">
          <RecordText>{a.place}</RecordText>
        </span>
      )}
      <JoinLink appointment={a} />
    </li>
  );
}

/**
 * Issue 92: today's appointments beside today's classes: time, with whom, where, Join for an online
 * one; a cancelled one stays, labelled "Cancelled" (and struck through), without Join.
 */
export function TodaysAppointments({
  appointments,
  timeZone,
}: {
  appointments: Appointment[];
  timeZone: string;
}) {
  return (
    <>
      <h3 className="todays-classes__subheading">
        <Trans>Appointments</Trans>
      </h3>
      <ul className="todays-classes__list">
        {appointments.map((a) => (
          <AppointmentItem key={a.id} appointment={a} timeZone={timeZone} />
        ))}
      </ul>
    </>
  );
}

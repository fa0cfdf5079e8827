import { Trans, useLingui } from '@lingui/react/macro';
import type { Appointment } from '../../../contract/appointments.schema.js';

/**
 * Issue 92: Join for an appointment held online and not cancelled, opening the booking system's
 * link in a new tab, named with whom it is for a screen reader's list of links; nothing otherwise.
 */
export function JoinLink({ appointment }: { appointment: Appointment }) {
  const { t } = useLingui();
  const { online_link: link, cancelled } = appointment;
  if (!link || cancelled) return null;
  const name = appointment.with.name;
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t`Join the appointment with ${name}`}
    >
      <Trans>Join</Trans>
    </a>
  );
}

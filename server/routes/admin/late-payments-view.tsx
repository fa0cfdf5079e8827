import { formatCampus } from '../../admin/campus-time.js';
import { dollars } from '../../payments/port.js';

/** A payment its provider confirmed that the SIS has not posted within the campus's window. */
export interface LatePayment {
  id: number;
  username: string | null;
  amountCents: number;
  providerRef: string | null;
  receivedAt: string;
}

/**
 * Issue 89: received payments not posted within `payments.confirmationDays`, flagged to staff on
 * the admin's first page, for the student accounts office to look into.
 */
export function LatePaymentsNotice(props: {
  payments: LatePayment[];
  days: number;
  timeZone: string;
}) {
  if (props.payments.length === 0) return null;
  return (
    <div className="notice problem" role="alert">
      <h2>Payments not posted</h2>
      <p>
        The provider confirmed these payments more than {props.days} days ago, and the
        student&rsquo;s balance does not show them yet. Ask the student accounts office to post
        them.
      </p>
      <ul>
        {props.payments.map((p) => (
          <li key={p.id}>
            <strong>${dollars(p.amountCents)}</strong> from {p.username ?? 'a former account'},
            received {formatCampus(p.receivedAt, props.timeZone)} (provider reference{' '}
            {p.providerRef ?? 'none'}).
          </li>
        ))}
      </ul>
    </div>
  );
}

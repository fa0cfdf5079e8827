import type { Hold } from '../../../../contract/sis/holds.schema.js';
import { formatUsd } from '../../../lib/money.js';
import { holdEndText } from '../../../lib/holds.js';
import { formatCalendarDate } from '../../../lib/time.js';

/** Each hold: description, reason, originating office, dates, amount and the processes it affects. */
export function HoldsList({ holds }: { holds: Hold[] }) {
  return (
    <ul className="holds">
      {holds.map((h) => (
        <li key={`${h.HOLD}-${h.HOLDFROMDATE}`} className="holds__item">
          <h3 className="holds__title">{h.HOLDDESCRIPTION}</h3>
          <dl className="info-grid">
            <div>
              <dt>Reason</dt>
              <dd>{h.REASON ?? 'Not given'}</dd>
            </div>
            <div>
              <dt>Office</dt>
              <dd>{h.HOLDORIGINATINGOFFICEDESCRIPTION}</dd>
            </div>
            <div>
              <dt>From</dt>
              <dd>{formatCalendarDate(h.HOLDFROMDATE)}</dd>
            </div>
            <div>
              <dt>To</dt>
              <dd>{holdEndText(h.HOLDTODATE)}</dd>
            </div>
            <div>
              <dt>Amount</dt>
              <dd>{formatUsd(h.HOLDAMOUNT)}</dd>
            </div>
            <div>
              <dt>Affects</dt>
              <dd>{h.PROCESSAFFECTED.join(', ') || 'Nothing listed'}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import type { Hold } from '../../../../contract/sis/holds.schema.js';
import { formatUsd } from '../../../lib/money.js';
import { holdEndText } from '../../../lib/holds.js';
import { formatCalendarDate } from '../../../lib/time.js';
import { RecordText } from '../../record-text.js';

/** Each hold: description, reason, originating office, dates, amount and the processes it affects. */
export function HoldsList({ holds }: { holds: Hold[] }) {
  const { t } = useLingui();
  return (
    <ul className="holds">
      {holds.map((h) => (
        <li key={`${h.HOLD}-${h.HOLDFROMDATE}`} className="holds__item">
          {/* The SIS's own words are English, unless the campus names the hold in the reader's. */}
          <h3 className="holds__title">
            <RecordText>{h.HOLDDESCRIPTION}</RecordText>
          </h3>
          <dl className="info-grid">
            <div>
              <dt>
                <Trans>Reason</Trans>
              </dt>
              <dd>{h.REASON ? <RecordText>{h.REASON}</RecordText> : t`Not given`}</dd>
            </div>
            <div>
              <dt>
                <Trans>Office</Trans>
              </dt>
              <dd>
                <RecordText>{h.HOLDORIGINATINGOFFICEDESCRIPTION}</RecordText>
              </dd>
            </div>
            <div>
              <dt>
                <Trans>From</Trans>
              </dt>
              <dd>{formatCalendarDate(h.HOLDFROMDATE)}</dd>
            </div>
            <div>
              <dt>
                <Trans>To</Trans>
              </dt>
              <dd>{holdEndText(h.HOLDTODATE)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Amount</Trans>
              </dt>
              <dd>{formatUsd(h.HOLDAMOUNT)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Affects</Trans>
              </dt>
              <dd>
                {h.PROCESSAFFECTED.length > 0 ? (
                  <RecordText>{h.PROCESSAFFECTED.join(', ')}</RecordText>
                ) : (
                  t`Nothing listed`
                )}
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatUsd } from '../../lib/money.js';
import { SummaryRow } from './profile-summary.js';
import type { SectionStatusValue } from './section-status.js';

export interface BalanceLineProps {
  status: SectionStatusValue;
  /** CHARGES_AMOUNT_DUE, in dollars; null: no account summary. */
  amountDue: number | null;
  /** A payment provider is configured and the reader may pay (not support viewing as the student). */
  payable: boolean;
}

/**
 * Issue 89: the dashboard's balance line for students, under the holds: the amount due and, where a
 * provider is configured and an amount is due, **Pay**, a link to the Finances Pay form (a link, so
 * it works without scripts too).
 */
export function BalanceLine({ status, amountDue, payable }: BalanceLineProps) {
  const due = amountDue !== null && amountDue > 0 ? amountDue : null;
  const amount = due === null ? '' : formatUsd(due);
  return (
    <SummaryRow
      className="holds-summary balance-line"
      title={<Trans>Balance</Trans>}
      status={status}
      unavailable={<Trans>Balance not available at this time</Trans>}
      more={
        <Link to="/finances">
          <Trans>
            View more<span className="visually-hidden"> about your finances</span>
          </Trans>
        </Link>
      }
    >
      <p>
        {due === null ? <Trans>No amount due</Trans> : <Trans>Amount due: {amount}</Trans>}
        {due !== null && payable && (
          <>
            {' '}
            <Link to="/finances" hash="pay" className="button">
              <Trans>
                Pay<span className="visually-hidden"> your bill</span>
              </Trans>
            </Link>
          </>
        )}
      </p>
    </SummaryRow>
  );
}

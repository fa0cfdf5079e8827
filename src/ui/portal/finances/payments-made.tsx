import { Trans, useLingui } from '@lingui/react/macro';
import type { Payment } from '../../../../contract/payments.schema.js';
import { formatUsd } from '../../../lib/money.js';
import { formatCampusDate } from '../../../lib/time.js';

/** How the browser came back from the provider's page: `/finances?payment=…` (never a proof). */
export type PaymentReturn = 'success' | 'cancel' | 'error';

/** A payment's state in words: "Waiting for confirmation" until the provider's own result arrives. */
function StateWords({ payment, timeZone }: { payment: Payment; timeZone: string }) {
  const amount = formatUsd(payment.amount_cents / 100);
  const on = formatCampusDate(payment.received_at ?? payment.created_at, timeZone);
  switch (payment.state) {
    case 'handedOff':
      return <Trans>Waiting for confirmation from the payment provider.</Trans>;
    case 'received':
      return (
        <Trans>
          Payment received: {amount} on {on}. Your balance updates when the student accounts office
          posts it.
        </Trans>
      );
    case 'posted':
      return <Trans>Posted to your account: the balance shows it.</Trans>;
    case 'cancelled':
      return <Trans>Cancelled: nothing was paid.</Trans>;
    case 'failed':
      return <Trans>Not completed: the payment provider did not take it.</Trans>;
    case 'expired':
      return <Trans>Not completed: the payment provider never confirmed it.</Trans>;
  }
}

/** What the return from the provider's page says, above the list: about the newest payment. */
function ReturnNotice({ back, newest, timeZone }: ReturnNoticeProps) {
  if (back === 'cancel') return <Trans>You cancelled on the payment page. Nothing was paid.</Trans>;
  if (back === 'error') {
    return <Trans>The payment page could not take the payment. Nothing was paid.</Trans>;
  }
  if (!newest) return <Trans>Waiting for confirmation from the payment provider.</Trans>;
  return <StateWords payment={newest} timeZone={timeZone} />;
}

interface ReturnNoticeProps {
  back: PaymentReturn;
  newest: Payment | undefined;
  timeZone: string;
}

/**
 * Issue 89, "Payments made here": each payment started from Finances with its amount, the day it
 * was made, its state and the provider's reference; newest first. Back from the provider's page,
 * a notice says what the portal knows of it: the browser's return alone never marks it paid.
 */
export function PaymentsMade(props: {
  payments: Payment[];
  back: PaymentReturn | null;
  timeZone: string;
}) {
  const { t } = useLingui();
  const { payments, back, timeZone } = props;
  return (
    <>
      {back && (
        <p className="payment-notice" role="status">
          <ReturnNotice back={back} newest={payments[0]} timeZone={timeZone} />
        </p>
      )}
      {payments.length === 0 ? (
        <p>{t`No payments made here yet.`}</p>
      ) : (
        <ul className="payments-made">
          {payments.map((payment) => {
            const amount = formatUsd(payment.amount_cents / 100);
            const made = formatCampusDate(payment.created_at, timeZone);
            const reference = payment.reference;
            return (
              <li key={payment.id} className={`payments-made__item is-${payment.state}`}>
                <p className="payments-made__amount">
                  <Trans>
                    {amount}, started {made}
                  </Trans>
                </p>
                <p>
                  <StateWords payment={payment} timeZone={timeZone} />
                </p>
                {reference && (
                  <p className="payments-made__reference">
                    <Trans>Provider reference: {reference}</Trans>
                  </p>
                )}
                {payment.by_delegate && (
                  <p>
                    <Trans>Made by someone you share Finances with.</Trans>
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useLocation } from '@tanstack/react-router';
import { fromPromise } from 'xstate';
import type { AccountSummary } from '../../../../contract/sis/finances.schema.js';
import type { Campus } from '../../../../contract/campus.schema.js';
import { csrfToken } from '../../../api/csrf.js';
import { startPayment } from '../../../api/payments.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';
import type { PayProblem } from '../../../lib/payment-amount.js';
import { handOffTo } from '../../../lib/payment-handoff.js';
import {
  payFormMachine,
  selectBusy,
  selectPayProblem,
} from '../../../machines/pay-form.machine.js';
import { usePortal } from '../../../routes/portal/context.js';
import { AccountSection } from '../../../ui/portal/account/account-section.js';
import { PayForm } from '../../../ui/portal/finances/pay-form.js';
import { PaymentsMade } from '../../../ui/portal/finances/payments-made.js';
import type { PaymentReturn } from '../../../ui/portal/finances/payments-made.js';
import { SectionStatus } from '../../../ui/portal/section-status.js';
import { ReadOnlyReason } from '../../../ui/read-only-reason.js';
import { useReadOnlyCapacity } from '../../../ui/view-as-context.js';
import { useOnce } from '../../shared/use-once.js';
import { usePageRead } from '../shared/use-page-read.js';
import type { FinancesReads } from './finances-reads.js';

type Pay = Campus['finances']['pay'];

/** `/finances?payment=success|cancel|error`: how the browser came back from the provider's page. */
export function paymentReturnOf(search: unknown): PaymentReturn | null {
  const value =
    typeof search === 'object' && search !== null && 'payment' in search ? search.payment : null;
  return value === 'success' || value === 'cancel' || value === 'error' ? value : null;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * `/finances?pay_error=…#pay`: why the Pay form, posted without scripts, paid nothing (the server's
 * reasons, server/routes/payments/form/pay-form.routes.tsx), as the form tells a problem.
 */
export function payErrorOf(search: unknown): PayProblem | null {
  const value =
    typeof search === 'object' && search !== null && 'pay_error' in search
      ? search.pay_error
      : null;
  switch (value) {
    case 'below-minimum':
    case 'above-maximum':
    case 'above-balance':
      return { kind: 'amount', problem: value };
    case 'not-an-amount':
      return { kind: 'amount', problem: 'format' };
    case 'nothing-due':
    case 'balance-unread':
    case 'expired':
      return { kind: 'failed' };
    default:
      return null;
  }
}

/** The Pay form on its statechart: the amount checked, the payment started, the browser handed off. */
function PayFormOn({ summary, pay }: { summary: AccountSummary; pay: Pay }) {
  const { http, csrf: csrfOf = csrfToken } = usePortal();
  const posted = useLocation({ select: (l) => payErrorOf(l.search) });
  const owed = {
    dueCents: Math.max(0, cents(summary.CHARGES_DETAIL.CHARGES_AMOUNT_DUE)),
    balanceCents: Math.max(0, cents(summary.CHARGES_DETAIL.CHARGES_BALANCE)),
  };
  const machine = useOnce(() =>
    payFormMachine.provide({
      actors: {
        start: fromPromise(({ input }) => startPayment(http, input)),
        handOff: fromPromise(async ({ input }) => {
          if (input) handOffTo(input);
        }),
      },
    }),
  );
  const actor = useActorRef(machine, {
    input: { limits: { ...pay, balanceCents: owed.balanceCents } },
  });
  const busy = useSelector(actor, selectBusy);
  const problem = useSelector(actor, selectPayProblem);
  // Support viewing as the student reads only (the server answers 403): Pay is shown disabled, why
  // beside it. A delegate on Finances pays (the student shared Finances with them: issue 89).
  const viewingAs = useReadOnlyCapacity() === 'view-as';
  return (
    <PayForm
      {...owed}
      minimumCents={pay.minimumCents}
      maximumCents={pay.maximumCents}
      busy={busy}
      problem={problem ?? posted}
      csrf={csrfOf()}
      blocked={viewingAs ? <ReadOnlyReason readOnly="view-as" /> : null}
      onPay={(choice, other) => actor.send({ type: 'pay.submit', choice, other })}
    />
  );
}

/**
 * Issue 89, Finances → Pay: where a provider is configured, the amount chosen and paid on the
 * provider's page; then "Payments made here", each with its state and the provider's reference.
 * Nothing to pay (no balance): the list alone.
 */
export function PaySection({ reads, pay }: { reads: FinancesReads; pay: Pay }) {
  const { t } = useLingui();
  const { campus } = usePortal();
  const summary = usePageRead(reads, 'summary');
  const payments = usePageRead(reads, 'payments');
  const back = useLocation({ select: (l) => paymentReturnOf(l.search) });
  const owes = summary.data ? summary.data.CHARGES_DETAIL.CHARGES_BALANCE > 0 : false;
  return (
    <>
      {owes && summary.data && (
        <AccountSection id="pay" title={t`Pay your bill`}>
          <PayFormOn summary={summary.data} pay={pay} />
        </AccountSection>
      )}
      <AccountSection id="payments" title={t`Payments made here`}>
        <SectionStatus
          status={payments.status}
          emptyText={t`No payments made here yet.`}
          errorText={t`Unable to retrieve the payments made here`}
          onRetry={payments.retry}
        >
          {() =>
            payments.data && (
              <PaymentsMade payments={payments.data} back={back} timeZone={campus.timeZone} />
            )
          }
        </SectionStatus>
      </AccountSection>
    </>
  );
}

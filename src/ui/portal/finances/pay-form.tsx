import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { formatUsd } from '../../../lib/money.js';
import type { AmountProblem, PayChoice, PayProblem } from '../../../lib/payment-amount.js';

export interface PayFormProps {
  dueCents: number;
  balanceCents: number;
  minimumCents: number;
  maximumCents: number;
  busy: boolean;
  problem: PayProblem | null;
  /** Why Pay cannot be used here (support viewing as the student, read only), or null. */
  blocked: ReactNode;
  /**
   * The session's CSRF token: the form then posts itself to the server when the page's scripts do
   * not run (`POST /payments/pay`, issue 89); null, the scripted form alone.
   */
  csrf: string | null;
  onPay(choice: PayChoice, other: string): void;
}

/** Where the form posts without scripts (server/routes/payments/form/pay-form.routes.tsx). */
export const PAY_FORM_ACTION = '/payments/pay';

/** The amount's problem in words, with the limit it broke. */
function useAmountWords() {
  const { t } = useLingui();
  return (problem: AmountProblem, props: PayFormProps) => {
    const least = formatUsd(props.minimumCents / 100);
    const most = formatUsd(Math.min(props.maximumCents, props.balanceCents) / 100);
    switch (problem) {
      case 'format':
        return t`Enter the amount in dollars and cents, for example 250.00.`;
      case 'below-minimum':
        return t`Enter at least ${least}.`;
      case 'above-maximum':
      case 'above-balance':
        return t`Enter no more than ${most}.`;
    }
  };
}

/**
 * Issue 89, "The student chooses the amount": the amount due, the whole balance, or another amount
 * within the campus's limits; Pay takes the student to the provider's page, which collects the card
 * or bank details (the portal never sees them). A problem is told in words beside the amount, and
 * what was chosen and typed stays.
 */
export function PayForm(props: PayFormProps) {
  const { t } = useLingui();
  const words = useAmountWords();
  const [choice, setChoice] = useState<PayChoice>(props.dueCents > 0 ? 'due' : 'balance');
  const [other, setOther] = useState('');
  const id = useId();
  const problem = props.problem;
  const amountProblem = problem?.kind === 'amount' ? words(problem.problem, props) : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onPay(choice, other);
  };
  const due = formatUsd(props.dueCents / 100);
  const balance = formatUsd(props.balanceCents / 100);
  const least = formatUsd(props.minimumCents / 100);
  const most = formatUsd(Math.min(props.maximumCents, props.balanceCents) / 100);
  const radio = (value: PayChoice) => ({
    type: 'radio' as const,
    name: 'choice',
    value,
    checked: choice === value,
    onChange: () => setChoice(value),
  });
  return (
    <form
      className="pay-form"
      method="post"
      action={PAY_FORM_ACTION}
      onSubmit={submit}
      noValidate
      aria-busy={props.busy}
    >
      {props.csrf !== null && <input type="hidden" name="csrf" value={props.csrf} />}
      <fieldset>
        <legend>
          <Trans>How much to pay</Trans>
        </legend>
        {props.dueCents > 0 && (
          <label className="pay-form__choice">
            <input {...radio('due')} />
            <Trans>Amount due: {due}</Trans>
          </label>
        )}
        <label className="pay-form__choice">
          <input {...radio('balance')} />
          <Trans>Whole balance: {balance}</Trans>
        </label>
        <label className="pay-form__choice">
          <input {...radio('other')} />
          <Trans>Another amount</Trans>
        </label>
        <div className="pay-form__other">
          <label htmlFor={`${id}-other`}>
            <Trans>
              Amount in dollars, from {least} to {most}
            </Trans>
          </label>
          <input
            id={`${id}-other`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={other}
            onChange={(event) => {
              setOther(event.target.value);
              setChoice('other');
            }}
            aria-invalid={amountProblem ? true : undefined}
            aria-describedby={amountProblem ? `${id}-problem` : undefined}
          />
          {amountProblem && (
            <p id={`${id}-problem`} className="pay-form__problem" role="alert">
              {amountProblem}
            </p>
          )}
        </div>
      </fieldset>
      {problem?.kind === 'refused' && (
        <p className="pay-form__problem" role="alert">
          <Trans>The payment was not started:</Trans> <span lang="en">{problem.detail}</span>
        </p>
      )}
      {problem?.kind === 'failed' && (
        <p className="pay-form__problem" role="alert">
          <Trans>The payment could not be started just now. Nothing was paid; try again.</Trans>
        </p>
      )}
      <p className="pay-form__note">
        {t`Pay takes you to the payment provider's page, which asks for your card or bank details. The portal never sees them.`}
      </p>
      {props.blocked && (
        <p id={`${id}-blocked`} className="pay-form__note">
          {props.blocked}
        </p>
      )}
      <button
        type="submit"
        className="button"
        disabled={props.busy || Boolean(props.blocked)}
        aria-describedby={props.blocked ? `${id}-blocked` : undefined}
      >
        {props.busy ? t`Opening the payment page…` : t`Pay`}
      </button>
    </form>
  );
}

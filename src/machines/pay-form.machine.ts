/**
 * Issue 89, Finances → Pay: the student chooses the amount (the amount due, the whole balance, or
 * another amount within the campus's limits), the portal records the payment (`start`, POST
 * /api/payments) and the browser is handed to the provider's page (`handOff`). Another amount that
 * cannot be paid is told in words before anything is sent; a refusal from the server likewise; the
 * form keeps what was typed either way.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { PaymentHandoff, StartPayment } from '../../contract/payments.schema.js';
import { PaymentRefusedError } from '../api/payments.js';
import { checkOtherAmount } from '../lib/payment-amount.js';
import type { AmountLimits, AmountProblem, PayChoice, PayProblem } from '../lib/payment-amount.js';

export type PayFormEvent = { type: 'pay.submit'; choice: PayChoice; other: string };

interface PayFormContext {
  limits: AmountLimits;
  choice: StartPayment;
  handoff: PaymentHandoff | null;
  problem: PayProblem | null;
}

type Checked = { ok: true; choice: StartPayment } | { ok: false; problem: AmountProblem };

/** The choice as the server takes it, or why another amount cannot be paid. */
const checked = (event: PayFormEvent, limits: AmountLimits): Checked => {
  if (event.choice !== 'other') return { ok: true, choice: { choice: event.choice } };
  const amount = checkOtherAmount(event.other, limits);
  return amount.ok
    ? { ok: true, choice: { choice: 'other', amount_cents: amount.cents } }
    : { ok: false, problem: amount.problem };
};

export const payFormMachine = setup({
  types: {
    context: {} as PayFormContext,
    events: {} as PayFormEvent,
    input: {} as { limits: AmountLimits },
  },
  actors: {
    start: fromPromise<PaymentHandoff, StartPayment>(async () => {
      throw new Error('start not provided');
    }),
    handOff: fromPromise<void, PaymentHandoff | null>(async () => undefined),
  },
  guards: {
    amountFits: ({ context, event }) => checked(event, context.limits).ok,
  },
}).createMachine({
  id: 'payForm',
  context: ({ input }) => ({
    limits: input.limits,
    choice: { choice: 'due' },
    handoff: null,
    problem: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'pay.submit': [
          {
            guard: 'amountFits',
            target: 'starting',
            actions: assign({
              choice: ({ context, event }) => {
                const check = checked(event, context.limits);
                return check.ok ? check.choice : context.choice;
              },
              problem: null,
            }),
          },
          {
            actions: assign({
              problem: ({ context, event }): PayProblem | null => {
                const check = checked(event, context.limits);
                return check.ok ? null : { kind: 'amount', problem: check.problem };
              },
            }),
          },
        ],
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'start',
        src: 'start',
        input: ({ context }) => context.choice,
        onDone: { target: 'handingOff', actions: assign({ handoff: ({ event }) => event.output }) },
        onError: {
          target: 'choosing',
          actions: assign({
            problem: ({ event }): PayProblem =>
              event.error instanceof PaymentRefusedError
                ? { kind: 'refused', detail: event.error.detail }
                : { kind: 'failed' },
          }),
        },
      },
    },
    /** The browser leaves for the provider's page: the form stays busy until it has gone. */
    handingOff: {
      tags: ['busy'],
      invoke: {
        id: 'handOff',
        src: 'handOff',
        input: ({ context }) => context.handoff,
      },
    },
  },
});

export const selectBusy = (snapshot: { hasTag: (tag: string) => boolean }) =>
  snapshot.hasTag('busy');
export const selectPayProblem = (snapshot: { context: PayFormContext }) => snapshot.context.problem;

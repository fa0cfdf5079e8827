import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PaymentHandoff, StartPayment } from '../../contract/payments.schema.js';
import { PaymentRefusedError } from '../../src/api/payments.js';
import {
  payFormMachine,
  selectBusy,
  selectPayProblem,
} from '../../src/machines/pay-form.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const LIMITS = { minimumCents: 100, maximumCents: 500_000, balanceCents: 320_000 };
const HANDOFF: PaymentHandoff = {
  id: 7,
  method: 'POST',
  url: 'https://upay.example.edu/C21490test_upay/web/index.jsp',
  fields: [{ name: 'AMT', value: '250.00' }],
};
const events = [
  { type: 'pay.submit', choice: 'due', other: '' },
  { type: 'pay.submit', choice: 'other', other: '250' },
  { type: 'pay.submit', choice: 'other', other: '0.50' },
  { type: 'xstate.done.actor.start', output: HANDOFF },
  { type: 'xstate.error.actor.start', error: new PaymentRefusedError(400, 'Too much.') },
  { type: 'xstate.error.actor.start', error: new Error('network') },
];

describe('pay form machine (issue 89, Finances → Pay)', () => {
  const paths = shortestPaths(payFormMachine, events, { limits: LIMITS });
  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'an amount that cannot be paid is told and nothing is sent; busy from the start to the hand-off; a refusal keeps its reason: %s',
    (_title, { state, steps }) => {
      const last = steps.at(-1)?.event;
      const problem = selectPayProblem(state);
      if (last?.type === 'pay.submit' && 'other' in last && last.other === '0.50') {
        if (state.matches('choosing')) {
          expect(problem).toEqual({ kind: 'amount', problem: 'below-minimum' });
          expect(selectBusy(state)).toBe(false);
        }
      }
      if (state.matches('starting') || state.matches('handingOff')) {
        expect(selectBusy(state)).toBe(true);
        expect(problem).toBeNull();
      }
      if (last?.type === 'xstate.error.actor.start') {
        expect(state.matches('choosing')).toBe(true);
        const error: unknown = 'error' in last ? last.error : undefined;
        expect(problem).toEqual(
          error instanceof PaymentRefusedError
            ? { kind: 'refused', detail: 'Too much.' }
            : { kind: 'failed' },
        );
      }
    },
  );

  it('sends the chosen amount in cents and hands the browser to what the server answered', async () => {
    const started: StartPayment[] = [];
    const handed: Array<PaymentHandoff | null> = [];
    const actor = createActor(
      payFormMachine.provide({
        actors: {
          start: fromPromise(async ({ input }) => {
            started.push(input);
            return HANDOFF;
          }),
          handOff: fromPromise(async ({ input }) => void handed.push(input)),
        },
      }),
      { input: { limits: LIMITS } },
    ).start();
    actor.send({ type: 'pay.submit', choice: 'other', other: '$250.00' });
    await waitFor(actor, (s) => s.matches('handingOff'));
    await waitFor(actor, () => handed.length > 0);
    expect(started).toEqual([{ choice: 'other', amount_cents: 25_000 }]);
    expect(handed).toEqual([HANDOFF]);
  });

  it('another amount above the balance is not sent', () => {
    let calls = 0;
    const actor = createActor(
      payFormMachine.provide({
        actors: {
          start: fromPromise(async () => {
            calls += 1;
            return HANDOFF;
          }),
        },
      }),
      { input: { limits: LIMITS } },
    ).start();
    actor.send({ type: 'pay.submit', choice: 'other', other: '5000' });
    expect(calls).toBe(0);
    expect(selectPayProblem(actor.getSnapshot())).toEqual({
      kind: 'amount',
      problem: 'above-balance',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ShareRefusedError } from '../../src/api/delegations.js';
import {
  selectProblem,
  selectSaving,
  shareSaveMachine,
  type ShareSaveInput,
} from '../../src/machines/share-save.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const REAUTH = 'Sign in again to confirm: your sign-in is older than 10 minutes.';
const events = [
  { type: 'share.save', input: { purpose: 'Paying tuition and fees' } },
  { type: 'xstate.done.actor.save', output: undefined },
  { type: 'xstate.error.actor.save', error: new ShareRefusedError(403, REAUTH) },
  { type: 'xstate.error.actor.save', error: new ShareRefusedError(400, 'until: too far') },
  { type: 'xstate.error.actor.save', error: new Error('network') },
];

describe('share save machine (People you share with)', () => {
  const paths = shortestPaths(shareSaveMachine, events);
  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'saving while the save runs; a refusal keeps its reason, asking to sign in again only on 403; a new save clears it: %s',
    (_title, { state, steps }) => {
      const last = steps.at(-1);
      const problem = selectProblem(state);
      if (last?.event.type === 'share.save') {
        expect(selectSaving(state)).toBe(true);
        expect(problem).toBeNull();
      }
      if (last?.event.type === 'xstate.done.actor.save') {
        expect(selectSaving(state)).toBe(false);
        expect(problem).toBeNull();
      }
      if (last?.event.type === 'xstate.error.actor.save') {
        expect(selectSaving(state)).toBe(false);
        const error: unknown = 'error' in last.event ? last.event.error : undefined;
        if (error instanceof ShareRefusedError) {
          expect(problem).toEqual({ detail: error.detail, reauth: error.status === 403 });
        } else {
          expect(problem).toEqual({ detail: null, reauth: false });
        }
      }
    },
  );

  it('a sign-in older than 10 minutes: the refusal says so and asks to sign in again', async () => {
    const actor = createActor(
      shareSaveMachine.provide({
        actors: {
          save: fromPromise<void, ShareSaveInput>(() =>
            Promise.reject(new ShareRefusedError(403, REAUTH)),
          ),
        },
      }),
    ).start();
    actor.send({ type: 'share.save', input: {} });
    await waitFor(actor, (s) => !selectSaving(s));
    expect(selectProblem(actor.getSnapshot())).toEqual({ detail: REAUTH, reauth: true });
  });

  it('hands the form’s choice to the save', async () => {
    const seen: unknown[] = [];
    const actor = createActor(
      shareSaveMachine.provide({
        actors: { save: fromPromise(async ({ input }) => void seen.push(input)) },
      }),
    ).start();
    actor.send({ type: 'share.save', input: { categories: ['finances'] } });
    await waitFor(actor, (s) => !selectSaving(s));
    expect(seen).toEqual([{ categories: ['finances'] }]);
    expect(selectProblem(actor.getSnapshot())).toBeNull();
  });
});

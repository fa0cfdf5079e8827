import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { UserTask } from '../../contract/next-steps/task.schema.js';
import { NetworkError } from '../../src/api/errors.js';
import { taskSaveMachine } from '../../src/machines/task-save.machine.js';
import type { SaveInput, TaskSaveInput } from '../../src/machines/task-save.machine.js';
import { userTask } from '../lib/fixtures.js';
import { containing } from '../matchers.js';
import { pathTitle, shortestPaths } from './paths.js';

const T = '2026-09-15T12:00:00.000Z';
/** The server's record after either save: done and dismissed. */
const answer: UserTask = userTask(1, { completed_on: T, does_not_apply_on: T });
const failure = new Error('HTTP 503');
/** The portal could not be reached (issue 44). */
const unreachable = new NetworkError(new TypeError('Failed to fetch'));
const markDone: TaskSaveInput = { id: 1, change: { completed_on: T }, canWait: true };
const dismiss: TaskSaveInput = { id: 1, change: { does_not_apply_on: T }, canWait: false };

const events = [
  { type: 'xstate.done.actor.saveTask', output: answer },
  { type: 'xstate.error.actor.saveTask', error: failure },
  { type: 'xstate.error.actor.saveTask', error: unreachable },
];

/** One save with a fake call, run to its end. */
function run(input: TaskSaveInput, save: (input: SaveInput) => Promise<UserTask>) {
  const machine = taskSaveMachine.provide({
    actors: { saveTask: fromPromise(({ input }: { input: SaveInput }) => save(input)) },
  });
  return createActor(machine, { input }).start();
}

describe('task save paths (next-steps.md §4 Task states)', () => {
  const kept = shortestPaths(taskSaveMachine, events, markDone);
  const notKept = shortestPaths(taskSaveMachine, events, dismiss);

  it('a change that may wait ends saved, queued or failed; one that may not never queues', () => {
    const ends = (paths: typeof kept) => new Set(paths.map((p) => String(p.state.value)));
    expect(ends(kept)).toEqual(new Set(['sending', 'saved', 'queued', 'failed']));
    expect(ends(notKept)).toEqual(new Set(['sending', 'saved', 'failed']));
  });

  it.each([...kept, ...notKept].map((p) => [pathTitle(p), p] as const))(
    'only the call under way is pending, and every end says what became of the change: %s',
    (_title, { state }) => {
      expect(state.hasTag('pending')).toBe(state.matches('sending'));
      if (state.matches('sending')) return expect(state.status).toBe('active');
      expect(state.status).toBe('done');
      expect(state.output?.kind).toBe(String(state.value));
      if (state.output?.kind === 'saved')
        expect(state.output.change).toEqual({ ...state.context.change, overdue: answer.overdue });
      if (state.output?.kind === 'queued') expect(state.output.change).toEqual(markDone.change);
    },
  );
});

describe('task save', () => {
  it('sends the change once, for its task, and ends with the server’s record', async () => {
    const save = vi.fn(async () => answer);
    const output = await toPromise(run(markDone, save));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ id: 1, change: { completed_on: T } });
    expect(output).toEqual({ kind: 'saved', change: { completed_on: T, overdue: answer.overdue } });
  });

  it('takes from the answer only the changed field and overdue, so answers never cross', async () => {
    const other = { ...answer, starred: true, do_now_on: T, overdue: true };
    const output = await toPromise(run(dismiss, async () => other));
    expect(output).toEqual({ kind: 'saved', change: { does_not_apply_on: T, overdue: true } });
  });

  it('a refusal fails with the sentence the list shows (next-steps.md §4 Error state)', async () => {
    const output = await toPromise(run(markDone, async () => Promise.reject(failure)));
    expect(output).toEqual({
      kind: 'failed',
      message: 'There was a problem with your request: HTTP 503',
    });
  });

  it('done made while the portal cannot be reached is kept to send (issue 44)', async () => {
    const output = await toPromise(run(markDone, async () => Promise.reject(unreachable)));
    expect(output).toEqual({ kind: 'queued', change: { completed_on: T } });
  });

  it('dismiss made while the portal cannot be reached is not kept: it fails (issue 44)', async () => {
    const output = await toPromise(run(dismiss, async () => Promise.reject(unreachable)));
    expect(output).toEqual(containing({ kind: 'failed' }));
  });
});

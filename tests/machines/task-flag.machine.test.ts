import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, transition } from 'xstate';
import type { UserTask } from '../../contract/next-steps/task.schema.js';
import { NetworkError } from '../../src/api/errors.js';
import { isOn, taskFlagMachine } from '../../src/machines/task-flag.machine.js';
import type { TaskFlagInput, TaskFlagReport } from '../../src/machines/task-flag.machine.js';
import { taskSaveMachine } from '../../src/machines/task-save.machine.js';
import type { SaveInput } from '../../src/machines/task-save.machine.js';
import type { Flag, FlagValue, TaskReport } from '../../src/machines/task.context.js';
import { userTask } from '../lib/fixtures.js';
import { anyOf, containing } from '../matchers.js';
import { pathTitle, shortestPaths } from './paths.js';

const T = '2026-09-15T12:00:00.000Z';
const failure = new Error('HTTP 503');
/** The portal could not be reached (issue 44): done and bookmark wait to be sent. */
const unreachable = new NetworkError(new TypeError('Failed to fetch'));

/** Each flag as the task invokes it: its field, whether it may wait to be sent, whether it clears. */
const flagsOfATask: Array<[string, TaskFlagInput]> = [
  ['completion', { id: 1, field: 'completed_on', value: null, canWait: true, clears: true }],
  [
    'applicability',
    { id: 1, field: 'does_not_apply_on', value: null, canWait: false, clears: true },
  ],
  ['bookmark', { id: 1, field: 'starred', value: false, canWait: true, clears: true }],
  ['doNow', { id: 1, field: 'do_now_on', value: null, canWait: false, clears: false }],
];
const onOf = (field: Flag): FlagValue => (field === 'starred' ? true : T);
const offOf = (field: Flag): FlagValue => (field === 'starred' ? false : null);

/** Every event a flag answers, with its saves' ends (queued only where a change may wait). */
function eventsOf({ field, canWait }: TaskFlagInput) {
  const values = [onOf(field), offOf(field)];
  return [
    { type: 'flag.toggle' },
    ...['flag.refreshed', 'flag.queue', 'flag.replayed'].flatMap((type) =>
      values.map((value) => ({ type, value })),
    ),
    ...(['turnOn', 'turnOff'] as const).flatMap((id) => {
      const change = { [field]: id === 'turnOn' ? onOf(field) : offOf(field) };
      return [
        {
          type: `xstate.done.actor.${id}`,
          output: { kind: 'saved', change: { ...change, overdue: true } },
        },
        ...(canWait
          ? [{ type: `xstate.done.actor.${id}`, output: { kind: 'queued', change } }]
          : []),
        { type: `xstate.done.actor.${id}`, output: { kind: 'failed', message: 'HTTP 503' } },
      ];
    }),
  ];
}

const quiet = taskFlagMachine.provide({
  actions: { reportSaved: () => {}, reportFailed: () => {}, reportQueued: () => {} },
});
const settled = /^(off|on)$/;

describe.each(flagsOfATask)('task flag paths: %s', (_name, input) => {
  const serializeState = (s: ReturnType<typeof quiet.getInitialSnapshot>) =>
    JSON.stringify([s.value, isOn(s.context.value)]);
  const paths = shortestPaths(quiet, eventsOf(input), input, { serializeState });

  it('waits to be sent only where it may, and is cleared only where it can be', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)));
    expect(reached.has('onWaiting')).toBe(input.canWait);
    expect(reached.has('offWaiting')).toBe(input.canWait);
    expect(reached.has('turningOff')).toBe(input.clears);
    for (const state of ['off', 'turningOn', 'on']) expect(reached).toContain(state);
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'shows the flag as its value says, pending only while a save is on its way and queued only while a change waits: %s',
    (_title, { state }) => {
      const value = String(state.value);
      expect(state.hasTag('on')).toBe(isOn(state.context.value));
      expect(state.hasTag('pending')).toBe(/^turning/.test(value));
      expect(state.hasTag('queued')).toBe(/Waiting$/.test(value));
    },
  );

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'a refetch moves the flag only when no change is on its way or waiting: %s',
    (_title, { state }) => {
      const fresh = isOn(state.context.value) ? offOf(input.field) : onOf(input.field);
      const [after] = transition(quiet, state, { type: 'flag.refreshed', value: fresh });
      const moves = settled.test(String(state.value));
      expect(after.context.value).toEqual(moves ? fresh : state.context.value);
      expect(after.hasTag('on')).toBe(isOn(after.context.value));
    },
  );
});

/** A task stand-in that records what its flag tells it. */
function underTask(input: TaskFlagInput, save: (input: SaveInput) => Promise<UserTask>) {
  const reports: Array<TaskReport | TaskFlagReport> = [];
  const record = ({ event }: { event: TaskReport | TaskFlagReport }) => void reports.push(event);
  const parent = setup({
    types: { events: {} as TaskReport | TaskFlagReport },
    actors: {
      flag: taskFlagMachine.provide({
        actors: {
          taskSave: taskSaveMachine.provide({
            actors: { saveTask: fromPromise(({ input }: { input: SaveInput }) => save(input)) },
          }),
        },
      }),
    },
  }).createMachine({
    invoke: { id: 'child', src: 'flag', input },
    on: {
      'flag.saved': { actions: record },
      'task.failed': { actions: record },
      'task.queued': { actions: record },
    },
  });
  const actor = createActor(parent).start();
  const child = actor.getSnapshot().children.child as ReturnType<typeof createActor<typeof quiet>>;
  return { child, reports };
}

const done = flagsOfATask[0]![1];
const bookmark = flagsOfATask[2]![1];

describe('task flag', () => {
  it('turns on only once the server answers, and hands its task the answer', async () => {
    let answer: (t: UserTask) => void = () => {};
    const save = vi.fn(() => new Promise<UserTask>((resolve) => (answer = resolve)));
    const { child, reports } = underTask(done, save);
    child.send({ type: 'flag.toggle' });
    expect(child.getSnapshot().hasTag('pending')).toBe(true);
    expect(child.getSnapshot().hasTag('on')).toBe(false);
    expect(save).toHaveBeenCalledWith({ id: 1, change: { completed_on: anyOf(String) } });
    answer(userTask(1, { completed_on: T, overdue: true }));
    await vi.waitFor(() => expect(child.getSnapshot().hasTag('on')).toBe(true));
    expect(child.getSnapshot().context.value).toBe(T);
    expect(reports).toEqual([{ type: 'flag.saved', change: { completed_on: T, overdue: true } }]);
  });

  it('a refusal leaves the flag as it was and tells the sentence the list shows', async () => {
    const { child, reports } = underTask(bookmark, async () => Promise.reject(failure));
    child.send({ type: 'flag.toggle' });
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(child.getSnapshot().hasTag('on')).toBe(false);
    expect(reports[0]).toEqual({
      type: 'task.failed',
      message: 'There was a problem with your request: HTTP 503',
    });
  });

  it('do now is set and never cleared: the intent on a set flag asks for nothing', () => {
    const save = vi.fn(async () => userTask(1));
    const { child } = underTask({ ...flagsOfATask[3]![1], value: T }, save);
    child.send({ type: 'flag.toggle' });
    expect(save).not.toHaveBeenCalled();
    expect(child.getSnapshot().hasTag('on')).toBe(true);
  });

  it('a change the portal cannot be reached for shows as made and goes to the list to keep, from the field as it was', async () => {
    const { child, reports } = underTask(bookmark, async () => Promise.reject(unreachable));
    child.send({ type: 'flag.toggle' });
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(child.getSnapshot().hasTag('on')).toBe(true);
    expect(child.getSnapshot().hasTag('queued')).toBe(true);
    expect(reports[0]).toEqual({
      type: 'task.queued',
      id: 1,
      field: 'starred',
      change: { starred: true },
      base: { starred: false },
    });
  });

  it('the intent again while waiting sends nothing: the list keeps the newest change', async () => {
    const save = vi.fn(async () => Promise.reject(unreachable));
    const { child, reports } = underTask(done, save);
    child.send({ type: 'flag.toggle' });
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    child.send({ type: 'flag.toggle' });
    expect(save).toHaveBeenCalledTimes(1);
    expect(child.getSnapshot().hasTag('on')).toBe(false);
    expect(reports[1]).toEqual(
      containing({
        type: 'task.queued',
        change: { completed_on: null },
        base: { completed_on: anyOf(String) },
      }),
    );
  });

  it('only the server’s record settles a waiting change, whatever it says', async () => {
    const { child, reports } = underTask(bookmark, async () => Promise.reject(unreachable));
    child.send({ type: 'flag.toggle' });
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    child.send({ type: 'flag.refreshed', value: false });
    expect(child.getSnapshot().hasTag('on')).toBe(true);
    child.send({ type: 'flag.replayed', value: false });
    expect(child.getSnapshot().hasTag('on')).toBe(false);
    expect(child.getSnapshot().hasTag('queued')).toBe(false);
  });

  it('dismiss is never kept offline: the list is told it failed', async () => {
    const { child, reports } = underTask(flagsOfATask[1]![1], async () =>
      Promise.reject(unreachable),
    );
    child.send({ type: 'flag.toggle' });
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]?.type).toBe('task.failed');
    expect(child.getSnapshot().hasTag('queued')).toBe(false);
  });
});

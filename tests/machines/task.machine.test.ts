import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, transition } from 'xstate';
import type { UserTask } from '../../contract/next-steps/task.schema.js';
import {
  selectIsPending,
  selectIsWaiting,
  selectUserTask,
  taskMachine,
} from '../../src/machines/task.machine.js';
import { taskFlagMachine } from '../../src/machines/task-flag.machine.js';
import { taskSaveMachine } from '../../src/machines/task-save.machine.js';
import { flags } from '../../src/machines/task.context.js';
import type { Flag, FlagValue } from '../../src/machines/task.context.js';
import type { SaveInput, TaskReport } from '../../src/machines/task.machine.js';
import { NetworkError } from '../../src/api/errors.js';
import { userTask } from '../lib/fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';
import { anyOf, containing } from '../matchers.js';

const T = '2026-09-15T12:00:00.000Z';
const base = userTask(1);
const answer = (change: Partial<UserTask>): UserTask => ({ ...base, ...change });
const failure = new Error('HTTP 503');
/** The portal could not be reached (issue 44): done and bookmark wait to be sent. */
const unreachable = new NetworkError(new TypeError('Failed to fetch'));

/** A refetch's record: every flag set and the task renamed, as another tab or an adviser may leave it. */
const renamed = answer({ completed_on: T, does_not_apply_on: T, starred: true, do_now_on: T });
renamed.task = { ...base.task, title: `${base.task.title} (renamed)` };

/** Each flag's child, as the task invokes it, and the states of it the task may be shown. */
const children = [
  ['completion', 'completed_on', T, true],
  ['applicability', 'does_not_apply_on', T, false],
  ['bookmark', 'starred', true, true],
  ['doNow', 'do_now_on', T, false],
] as const;
const flagSnapshot = (field: Flag, state: string, value: FlagValue) =>
  taskFlagMachine.resolveState({
    value: state,
    context: { id: base.id, field, value, canWait: true, clears: true },
  });
const snapshotEvents = children.flatMap(([id, field, on, canWait]) =>
  (
    [
      ['off', base[field]],
      ['turningOn', base[field]],
      ['on', on],
      ...(canWait ? [['onWaiting', on] as const] : []),
    ] as const
  ).map(([state, value]) => ({
    type: `xstate.snapshot.${id}`,
    snapshot: flagSnapshot(field, state, value),
  })),
);

const events = [
  ...['toggleDone', 'dismiss', 'toggleBookmark', 'doNow'].map((name) => ({ type: `task.${name}` })),
  { type: 'task.refreshed', userTask: base },
  { type: 'task.refreshed', userTask: renamed },
  { type: 'task.queue', change: { completed_on: T } },
  { type: 'task.queue', change: { starred: true } },
  { type: 'task.replayed', field: 'completed_on', userTask: renamed },
  { type: 'task.replayed', field: 'starred', userTask: base },
  // What the flags tell the task: a save's answer, a failure, a change to keep; and each change.
  { type: 'flag.saved', change: { starred: true, overdue: true } },
  { type: 'task.failed', message: 'There was a problem with your request: HTTP 503' },
  {
    type: 'task.queued',
    id: base.id,
    field: 'starred',
    change: { starred: true },
    base: { starred: false },
  },
  ...snapshotEvents,
];

const quiet = taskMachine.provide({ actions: { reportSaved: () => {}, report: () => {} } });
type Path = ReturnType<typeof shortestPaths<typeof quiet>>[number];

/** Each flag as its child last showed it (or a save answered), else as the task started. */
function shownFlags({ steps }: Path) {
  const shown: Record<string, { value: unknown; change: string }> = {};
  for (const field of flags) shown[field] = { value: base[field], change: 'none' };
  for (const { event } of steps) {
    if ('snapshot' in event) {
      const s = event.snapshot as ReturnType<typeof flagSnapshot>;
      const change = s.hasTag('pending') ? 'pending' : s.hasTag('queued') ? 'queued' : 'none';
      shown[s.context.field] = { value: s.context.value, change };
    }
    if (event.type === 'flag.saved') shown.starred = { ...shown.starred!, value: true };
  }
  return shown;
}

describe('task machine paths', () => {
  const paths = shortestPaths(
    quiet,
    events,
    { userTask: base },
    // The invariants read each flag and its change; the rest of the record is checked by refetch.
    {
      serializeState: (s) =>
        JSON.stringify(flags.map((f) => [s.context.userTask[f], s.context.changes[f]])),
    },
  );

  it('reaches every combination of its flags’ values and changes', () => {
    // completion 4 × applicability 3 × bookmark 4 × do now 3, as the children show them.
    expect(paths.length).toBeGreaterThanOrEqual(144);
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'shows each flag and its change as its child last showed them after %s',
    (_title, path) => {
      const { context } = path.state;
      const shown = shownFlags(path);
      for (const field of flags) {
        expect(context.userTask[field]).toEqual(shown[field]!.value);
        expect(context.changes[field]).toBe(shown[field]!.change);
      }
      const changes = Object.values(shown).map((f) => f.change);
      expect(selectIsPending(path.state)).toBe(changes.includes('pending'));
      expect(selectIsWaiting(path.state)).toBe(changes.includes('queued'));
    },
  );

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'a refetch after %s takes the record’s own fields and leaves every flag to its child',
    (_title, { state }) => {
      const [after] = transition(quiet, state, { type: 'task.refreshed', userTask: renamed });
      expect(after.context.userTask.task.title).toBe(renamed.task.title);
      for (const field of flags)
        expect(after.context.userTask[field]).toEqual(state.context.userTask[field]);
    },
  );

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'the server’s record after %s is taken only when done waits to be sent',
    (_title, { state }) => {
      const [after] = transition(quiet, state, {
        type: 'task.replayed',
        field: 'completed_on',
        userTask: renamed,
      });
      const waiting = state.context.changes.completed_on === 'queued';
      expect(after.context.userTask.task.title === renamed.task.title).toBe(waiting);
      expect(after.context.userTask.completed_on).toEqual(state.context.userTask.completed_on);
    },
  );

  it.each([
    [{ completed_on: T }, 'completed_on'],
    [{ does_not_apply_on: T }, 'does_not_apply_on'],
    [{ starred: true }, 'starred'],
    [{ do_now_on: T }, 'do_now_on'],
  ] as const)('starts from the record it is given: %j', (fields, field) => {
    const actor = createActor(quiet, { input: { userTask: userTask(1, fields) } }).start();
    expect(selectUserTask(actor.getSnapshot())[field]).toEqual(
      fields[field as keyof typeof fields],
    );
    expect(selectIsPending(actor.getSnapshot())).toBe(false);
  });
});

/** What the screens read of a task: whether a flag shows as set, a change pending or waiting. */
function shows(
  task: { getSnapshot: () => ReturnType<typeof quiet.getInitialSnapshot> },
  tag: string,
) {
  const s = task.getSnapshot();
  if (tag === 'pending') return selectIsPending(s);
  if (tag === 'queued') return selectIsWaiting(s);
  const field = {
    done: 'completed_on',
    dismissed: 'does_not_apply_on',
    bookmarked: 'starred',
    doNow: 'do_now_on',
  }[tag] as Flag;
  const value = selectUserTask(s)[field];
  return value !== null && value !== false;
}

/** A list stand-in that records what its task tells it. */
function withParent(save: (input: SaveInput) => Promise<UserTask>, start: UserTask = base) {
  const reports: TaskReport[] = [];
  const parent = setup({
    types: { events: {} as TaskReport },
    actors: {
      task: taskMachine.provide({
        actors: {
          taskFlag: taskFlagMachine.provide({
            actors: {
              taskSave: taskSaveMachine.provide({
                actors: { saveTask: fromPromise(({ input }: { input: SaveInput }) => save(input)) },
              }),
            },
          }),
        },
      }),
    },
  }).createMachine({
    invoke: { id: 'child', src: 'task', input: { userTask: start } },
    on: {
      'task.saved': { actions: ({ event }) => void reports.push(event) },
      'task.failed': { actions: ({ event }) => void reports.push(event) },
      'task.queued': { actions: ({ event }) => void reports.push(event) },
    },
  });
  const actor = createActor(parent).start();
  const child = actor.getSnapshot().children.child as ReturnType<typeof createActor<typeof quiet>>;
  return { child, reports };
}

describe('task changes', () => {
  it.each([
    ['task.toggleDone', { completed_on: T }, 'done'],
    ['task.dismiss', { does_not_apply_on: T }, 'dismissed'],
    ['task.toggleBookmark', { starred: true }, 'bookmarked'],
    ['task.doNow', { do_now_on: T }, 'doNow'],
  ] as const)(
    'local state changes only after the server call succeeds: %s',
    async (type, change, tag) => {
      let resolve: (t: UserTask) => void = () => {};
      const save = vi.fn(() => new Promise<UserTask>((r) => (resolve = r)));
      const { child, reports } = withParent(save);
      child.send({ type });
      expect(shows(child, 'pending')).toBe(true);
      expect(shows(child, tag)).toBe(false);
      expect(save).toHaveBeenCalledWith({ id: base.id, change: anyOf(Object) });
      resolve(answer(change));
      await vi.waitFor(() => expect(shows(child, tag)).toBe(true));
      expect(shows(child, 'pending')).toBe(false);
      expect(child.getSnapshot().context.userTask).toEqual(containing(change));
      expect(reports).toEqual([{ type: 'task.saved', id: base.id }]);
    },
  );

  it('marking done sends the current time; marking not done sends null', async () => {
    const save = vi.fn(async ({ change }: SaveInput) => answer(change));
    const { child } = withParent(save);
    child.send({ type: 'task.toggleDone' });
    await vi.waitFor(() => expect(shows(child, 'done')).toBe(true));
    const sent = save.mock.calls[0]![0].change.completed_on;
    expect(Date.now() - new Date(sent!).getTime()).toBeLessThan(5_000);
    child.send({ type: 'task.toggleDone' });
    await vi.waitFor(() => expect(shows(child, 'done')).toBe(false));
    expect(save.mock.calls[1]![0].change).toEqual({ completed_on: null });
  });

  it.each([
    ['task.toggleDone', 'done', base],
    ['task.toggleDone', 'done', userTask(1, { completed_on: T })],
    ['task.dismiss', 'dismissed', userTask(1, { does_not_apply_on: T })],
    ['task.toggleBookmark', 'bookmarked', userTask(1, { starred: true })],
  ] as const)(
    'a failure leaves the task unchanged and counts as an error: %s',
    async (type, tag, start) => {
      const { child, reports } = withParent(async () => Promise.reject(failure), start);
      const before = shows(child, tag);
      child.send({ type });
      await vi.waitFor(() => expect(reports).toHaveLength(1));
      expect(shows(child, tag)).toBe(before);
      expect(child.getSnapshot().context.userTask).toEqual(start);
      expect(reports[0]).toEqual({
        type: 'task.failed',
        message: 'There was a problem with your request: HTTP 503',
      });
    },
  );

  it.each([
    ['task.toggleDone', {}, { completed_on: anyOf(String) }],
    ['task.toggleDone', { completed_on: T }, { completed_on: null }],
    ['task.dismiss', {}, { does_not_apply_on: anyOf(String) }],
    ['task.dismiss', { does_not_apply_on: T }, { does_not_apply_on: null }],
    ['task.toggleBookmark', {}, { starred: true }],
    ['task.toggleBookmark', { starred: true }, { starred: false }],
    ['task.doNow', {}, { do_now_on: anyOf(String) }],
  ] as const)(
    'the task decides from its own record which change an intent asks for: %s on %j',
    async (type, fields, change) => {
      const save = vi.fn(async (input: SaveInput) => answer(input.change));
      const { child } = withParent(save, userTask(1, fields));
      child.send({ type });
      await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1));
      expect(save.mock.calls[0]![0].change).toEqual(change);
    },
  );

  it('an intent sent while its change is pending asks for nothing more', async () => {
    const save = vi.fn(() => new Promise<UserTask>(() => {}));
    const { child } = withParent(save);
    child.send({ type: 'task.toggleBookmark' });
    child.send({ type: 'task.toggleBookmark' });
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(shows(child, 'pending')).toBe(true);
  });
});

describe('task changes while the portal cannot be reached (issue 44)', () => {
  it.each([
    ['task.toggleDone', 'done', base, { field: 'completed_on', base: { completed_on: null } }],
    [
      'task.toggleDone',
      'done',
      userTask(1, { completed_on: T }),
      { field: 'completed_on', change: { completed_on: null }, base: { completed_on: T } },
    ],
    [
      'task.toggleBookmark',
      'bookmarked',
      base,
      { field: 'starred', change: { starred: true }, base: { starred: false } },
    ],
    [
      'task.toggleBookmark',
      'bookmarked',
      userTask(1, { starred: true }),
      { field: 'starred', change: { starred: false }, base: { starred: true } },
    ],
  ] as const)(
    'done and bookmark made offline show as made, wait to be sent, and go to the list to keep: %s from %j',
    async (type, tag, start, queued) => {
      const { child, reports } = withParent(async () => Promise.reject(unreachable), start);
      const before = shows(child, tag);
      child.send({ type });
      await vi.waitFor(() => expect(reports).toHaveLength(1));
      expect(shows(child, tag)).toBe(!before);
      expect(shows(child, 'queued')).toBe(true);
      expect(shows(child, 'pending')).toBe(false);
      expect(reports[0]).toEqual(containing({ type: 'task.queued', id: base.id, ...queued }));
    },
  );

  it('dismiss and do now are not kept offline: they fail as before', async () => {
    const { child, reports } = withParent(async () => Promise.reject(unreachable));
    child.send({ type: 'task.dismiss' });
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]?.type).toBe('task.failed');
    expect(shows(child, 'queued')).toBe(false);
  });

  it('done again while waiting asks for nothing: the list keeps the latest change', async () => {
    const save = vi.fn(async () => Promise.reject(unreachable));
    const { child, reports } = withParent(save);
    child.send({ type: 'task.toggleDone' });
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    child.send({ type: 'task.toggleDone' });
    expect(save).toHaveBeenCalledTimes(1);
    expect(shows(child, 'done')).toBe(false);
    expect(reports[1]).toEqual(containing({ type: 'task.queued', change: { completed_on: null } }));
  });

  it('the server’s record settles a waiting change, whatever it says (the server wins)', async () => {
    const { child, reports } = withParent(async () => Promise.reject(unreachable));
    child.send({ type: 'task.toggleBookmark' });
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    child.send({ type: 'task.refreshed', userTask: base });
    expect(shows(child, 'bookmarked')).toBe(true);
    child.send({ type: 'task.replayed', field: 'starred', userTask: base });
    expect(shows(child, 'bookmarked')).toBe(false);
    expect(shows(child, 'queued')).toBe(false);
  });

  it('a change kept from an earlier visit shows on its task as waiting', () => {
    const actor = createActor(quiet, { input: { userTask: base } }).start();
    actor.send({ type: 'task.queue', change: { completed_on: T } });
    expect(shows(actor, 'done')).toBe(true);
    expect(shows(actor, 'queued')).toBe(true);
    expect(actor.getSnapshot().context.userTask.completed_on).toBe(T);
  });
});

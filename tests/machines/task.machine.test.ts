import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, transition } from 'xstate';
import type { UserTask } from '../../contract/next-steps/task.schema.js';
import { taskMachine } from '../../src/machines/task.machine.js';
import { taskSaveMachine } from '../../src/machines/task-save.machine.js';
import type { SaveInput, TaskReport } from '../../src/machines/task.machine.js';
import { NetworkError } from '../../src/api/errors.js';
import { userTask } from '../lib/fixtures.js';
import { shortestPaths } from './paths.js';
import { anyOf, containing } from '../matchers.js';

const T = '2026-09-15T12:00:00.000Z';
const base = userTask(1);
const answer = (change: Partial<UserTask>): UserTask => ({ ...base, ...change });
const failure = new Error('HTTP 503');
/** The portal could not be reached (issue 44): done and bookmark wait to be sent. */
const unreachable = new NetworkError(new TypeError('Failed to fetch'));

/** Every invoke of the machine, with what its save takes from the server's answer on success. */
const saved = (change: Partial<UserTask>) => ({ ...change, overdue: base.overdue });
const saves: Array<[string, Partial<UserTask>]> = [
  ['markDone', saved({ completed_on: T })],
  ['markNotDone', saved({ completed_on: null })],
  ['dismiss', saved({ does_not_apply_on: T })],
  ['restore', saved({ does_not_apply_on: null })],
  ['bookmark', saved({ starred: true })],
  ['unbookmark', saved({ starred: false })],
  ['doNow', saved({ do_now_on: T })],
];

/** A refetch's record: every flag set, as another tab or an adviser may have left it. */
const everySet = answer({ completed_on: T, does_not_apply_on: T, starred: true, do_now_on: T });

/** The record with every flag turned the other way and a new title: what a refetch may bring. */
const turned = (t: UserTask): UserTask => ({
  ...t,
  completed_on: t.completed_on ? null : T,
  does_not_apply_on: t.does_not_apply_on ? null : T,
  starred: !t.starred,
  do_now_on: t.do_now_on ? null : T,
  task: { ...t.task, title: `${t.task.title} (renamed)` },
});

/** Each flag, the region that owns it, and the states of that region with a save in flight. */
const regions = [
  [
    'completed_on',
    'completion',
    ['markingDone', 'markingNotDone', 'doneWaiting', 'notDoneWaiting'],
  ],
  ['does_not_apply_on', 'applicability', ['dismissing', 'restoring']],
  [
    'starred',
    'bookmark',
    ['bookmarking', 'unbookmarking', 'bookmarkedWaiting', 'notBookmarkedWaiting'],
  ],
  ['do_now_on', 'doNow', ['setting']],
] as const;

const events = [
  { type: 'task.refreshed', userTask: base },
  { type: 'task.refreshed', userTask: everySet },
  ...['toggleDone', 'dismiss', 'toggleBookmark', 'doNow'].map((name) => ({ type: `task.${name}` })),
  // Each save is a task-save child: its end tells whether it was saved, failed or kept to send.
  ...saves.map(([id, change]) => ({
    type: `xstate.done.actor.${id}`,
    output: { kind: 'saved', change },
  })),
  ...saves.map(([id]) => ({
    type: `xstate.done.actor.${id}`,
    output: { kind: 'failed', message: 'There was a problem with your request: HTTP 503' },
  })),
  ...(
    [
      ['markDone', { completed_on: T }],
      ['markNotDone', { completed_on: null }],
      ['bookmark', { starred: true }],
      ['unbookmark', { starred: false }],
    ] as const
  ).map(([id, change]) => ({
    type: `xstate.done.actor.${id}`,
    output: { kind: 'queued', change },
  })),
  { type: 'task.queue', change: { completed_on: T } },
  { type: 'task.queue', change: { starred: true } },
  { type: 'task.queue', change: { completed_on: null } },
  { type: 'task.queue', change: { starred: false } },
  { type: 'task.replayed', field: 'completed_on', userTask: everySet },
  { type: 'task.replayed', field: 'starred', userTask: base },
];

const quiet = taskMachine.provide({
  actions: { reportSaved: () => {}, reportFailed: () => {}, reportQueued: () => {} },
});

describe('task machine paths', () => {
  const paths = shortestPaths(
    quiet,
    events,
    { userTask: base },
    {
      // The invariants read the state and the four flags; nothing else tells two states apart.
      serializeState: (s) => {
        const { completed_on, does_not_apply_on, starred, do_now_on } = s.context.userTask;
        // A change made offline carries the time it was made: only whether each flag is set counts.
        const set = [completed_on, does_not_apply_on, do_now_on].map((v) => v !== null);
        return JSON.stringify([s.value, ...set, starred]);
      },
    },
  );

  it('reaches every combination of done, dismissed, bookmarked and do-now, with pending changes and changes waiting to be sent', () => {
    // 6 completion × 4 applicability × 6 bookmark × 3 do-now states.
    expect(new Set(paths.map((p) => JSON.stringify(p.state.value))).size).toBe(432);
  });

  it.each(
    paths.map((p) => [p.steps.map((s) => s.event.type).join(' → ') || '(start)', p] as const),
  )('keeps each flag in step with the server record after %s', (_name, path) => {
    const { state } = path;
    const t = state.context.userTask;
    expect(state.hasTag('done')).toBe(t.completed_on !== null);
    expect(state.hasTag('dismissed')).toBe(t.does_not_apply_on !== null);
    expect(state.hasTag('bookmarked')).toBe(t.starred);
    expect(state.hasTag('doNow')).toBe(t.do_now_on !== null);
    const saving = /"(marking|dismissing|restoring|bookmarking|unbookmarking|setting)/;
    expect(state.hasTag('pending')).toBe(saving.test(JSON.stringify(state.value)));
    expect(state.hasTag('queued')).toBe(/Waiting"/.test(JSON.stringify(state.value)));
  });

  it.each(
    paths.map((p) => [p.steps.map((s) => s.event.type).join(' → ') || '(start)', p] as const),
  )(
    'a refetch after %s changes no flag with a save in flight or a change waiting to be sent; the rest of the task follows it',
    (_name, { state }) => {
      const before = state.context.userTask;
      const fresh = turned(before);
      const [after] = transition(quiet, state, { type: 'task.refreshed', userTask: fresh });
      const t = after.context.userTask;
      for (const [flag, region, inFlight] of regions) {
        const value = (state.value as Record<string, string>)[region]!;
        const saving = (inFlight as readonly string[]).includes(value);
        expect(t[flag]).toEqual(saving ? before[flag] : fresh[flag]);
        expect(after.matches({ [region]: value })).toBe(saving);
      }
      expect(t.task.title).toBe(fresh.task.title);
      expect(after.hasTag('done')).toBe(t.completed_on !== null);
      expect(after.hasTag('bookmarked')).toBe(t.starred);
    },
  );

  it.each([
    [{ completed_on: T }, 'done'],
    [{ does_not_apply_on: T }, 'dismissed'],
    [{ starred: true }, 'bookmarked'],
    [{ do_now_on: T }, 'doNow'],
  ] as const)('starts from the record it is given: %j', (fields, tag) => {
    const actor = createActor(quiet, { input: { userTask: userTask(1, fields) } }).start();
    expect(actor.getSnapshot().hasTag(tag)).toBe(true);
  });
});

/** A list stand-in that records what its task tells it. */
function withParent(save: (input: SaveInput) => Promise<UserTask>, start: UserTask = base) {
  const reports: TaskReport[] = [];
  const parent = setup({
    types: { events: {} as TaskReport },
    actors: {
      task: taskMachine.provide({
        actors: {
          taskSave: taskSaveMachine.provide({
            actors: { saveTask: fromPromise(({ input }: { input: SaveInput }) => save(input)) },
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
      expect(child.getSnapshot().hasTag('pending')).toBe(true);
      expect(child.getSnapshot().hasTag(tag)).toBe(false);
      expect(save).toHaveBeenCalledWith({ id: base.id, change: anyOf(Object) });
      resolve(answer(change));
      await vi.waitFor(() => expect(child.getSnapshot().hasTag(tag)).toBe(true));
      expect(child.getSnapshot().hasTag('pending')).toBe(false);
      expect(child.getSnapshot().context.userTask).toEqual(containing(change));
      expect(reports).toEqual([{ type: 'task.saved', id: base.id }]);
    },
  );

  it('marking done sends the current time; marking not done sends null', async () => {
    const save = vi.fn(async ({ change }: SaveInput) => answer(change));
    const { child } = withParent(save);
    child.send({ type: 'task.toggleDone' });
    await vi.waitFor(() => expect(child.getSnapshot().hasTag('done')).toBe(true));
    const sent = save.mock.calls[0]![0].change.completed_on;
    expect(Date.now() - new Date(sent!).getTime()).toBeLessThan(5_000);
    child.send({ type: 'task.toggleDone' });
    await vi.waitFor(() => expect(child.getSnapshot().hasTag('done')).toBe(false));
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
      const before = child.getSnapshot().hasTag(tag);
      child.send({ type });
      await vi.waitFor(() => expect(reports).toHaveLength(1));
      expect(child.getSnapshot().hasTag(tag)).toBe(before);
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
    expect(child.getSnapshot().hasTag('pending')).toBe(true);
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
      const before = child.getSnapshot().hasTag(tag);
      child.send({ type });
      await vi.waitFor(() => expect(reports).toHaveLength(1));
      expect(child.getSnapshot().hasTag(tag)).toBe(!before);
      expect(child.getSnapshot().hasTag('queued')).toBe(true);
      expect(child.getSnapshot().hasTag('pending')).toBe(false);
      expect(reports[0]).toEqual(containing({ type: 'task.queued', id: base.id, ...queued }));
    },
  );

  it('dismiss and do now are not kept offline: they fail as before', async () => {
    const { child, reports } = withParent(async () => Promise.reject(unreachable));
    child.send({ type: 'task.dismiss' });
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]?.type).toBe('task.failed');
    expect(child.getSnapshot().hasTag('queued')).toBe(false);
  });

  it('done again while waiting asks for nothing: the list keeps the latest change', async () => {
    const save = vi.fn(async () => Promise.reject(unreachable));
    const { child, reports } = withParent(save);
    child.send({ type: 'task.toggleDone' });
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    child.send({ type: 'task.toggleDone' });
    expect(save).toHaveBeenCalledTimes(1);
    expect(child.getSnapshot().hasTag('done')).toBe(false);
    expect(reports[1]).toEqual(containing({ type: 'task.queued', change: { completed_on: null } }));
  });

  it('the server’s record settles a waiting change, whatever it says (the server wins)', async () => {
    const { child, reports } = withParent(async () => Promise.reject(unreachable));
    child.send({ type: 'task.toggleBookmark' });
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    child.send({ type: 'task.refreshed', userTask: base });
    expect(child.getSnapshot().hasTag('bookmarked')).toBe(true);
    child.send({ type: 'task.replayed', field: 'starred', userTask: base });
    expect(child.getSnapshot().hasTag('bookmarked')).toBe(false);
    expect(child.getSnapshot().hasTag('queued')).toBe(false);
  });

  it('a change kept from an earlier visit shows on its task as waiting', () => {
    const actor = createActor(quiet, { input: { userTask: base } }).start();
    actor.send({ type: 'task.queue', change: { completed_on: T } });
    expect(actor.getSnapshot().hasTag('done')).toBe(true);
    expect(actor.getSnapshot().hasTag('queued')).toBe(true);
    expect(actor.getSnapshot().context.userTask.completed_on).toBe(T);
  });
});

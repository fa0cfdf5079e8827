import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { UserTask } from '../../contract/next-steps/task.schema.js';
import type { NextStepsUser } from '../../contract/next-steps/user.schema.js';
import type { NextStepsUserResult } from '../../src/api/next-steps/next-steps.js';
import { filterTasks } from '../../src/lib/task-list-rules.js';
import { TROUBLE_CONNECTING } from '../../src/lib/toasts.js';
import { selectUserTask } from '../../src/machines/task.machine.js';
import type { SaveInput } from '../../src/machines/task.machine.js';
import {
  selectAnnouncedOverdue,
  selectFirstOverdueTaskId,
  selectFunCategoryId,
  selectIsInError,
  selectIsNewStudent,
  selectIsAcknowledging,
  selectMessage,
  selectTaskRef,
  selectTasks,
  selectUser,
} from '../../src/machines/task-list.context.js';
import type { Fetched, TaskData } from '../../src/machines/task-data.js';
import { provided } from '../../src/machines/provided.js';
import { taskListMachine, taskListWith } from '../../src/machines/task-list.machine.js';
import { listErrorsMachine } from '../../src/machines/list-errors.machine.js';
import { nextStepsUser, userTask } from '../lib/fixtures.js';
import { shortestPaths } from './paths.js';

const T = '2026-09-15T12:00:00.000Z';
const user = nextStepsUser({
  user_message: [
    { id: 5, title: 'Welcome', body: 'Hello', created_on: T, user_acknowledged_on: null },
  ],
});
const overdue = userTask(1, { overdue: true }, { ends_on: T, has_deadline: true });
const plain = userTask(2);
const data: TaskData = {
  tasks: [overdue, plain],
  categories: [{ id: 7, slug: 'fun', name: 'Fun' }],
};
const fetched = <T>(value: T, at = 0): Fetched<T> => ({ value, at });
const signedIn = fetched<NextStepsUserResult>({ kind: 'user', user });
const boom = new Error('There was a problem with your request: 503');

const events = [
  // What the refresh child (the first load and the refetches) and the user child report.
  { type: 'user.fetched', answer: { kind: 'user', user } },
  { type: 'load.signedOut' },
  { type: 'load.provisional' },
  { type: 'load.failed', error: boom },
  { type: 'tasks.fetched', data, owner: user.username },
  { type: 'refresh.failed', error: boom },
  { type: 'message.acknowledged' },
  { type: 'message.failed', error: boom },
  { type: 'list.refresh', at: 60_000 },
  { type: 'list.refresh', at: 300_000 },
  { type: 'list.refresh', at: 60_000, force: true },
  { type: 'list.retry' },
  { type: 'announcement.dismiss' },
  { type: 'toast.dismiss', message: TROUBLE_CONNECTING },
  { type: 'notify.trouble' },
  { type: 'message.acknowledge' },
  { type: 'task.saved', id: overdue.id },
  { type: 'task.failed', message: 'There was a problem with your request: 500' },
  // Issue 44: the browser online again goes to the roster's outbox; a change the outbox could not
  // send is told by the list's errors.
  { type: 'connection.online' },
  {
    type: 'outbox.refused',
    settled: {
      kind: 'gone',
      change: { id: 99, field: 'starred', change: { starred: true }, base: { starred: false } },
    },
  },
];

/** The error child without the log: failures here are expected. */
const errors = listErrorsMachine.provide({ actions: { logFailure: () => {} } });
const machine = taskListMachine.provide({
  actions: { redirectToLogin: () => {} },
  actors: { errors },
});

/** The list's error state and toasts, read from its error child (list-errors.machine.ts). */
function errorsOf(actor: { getSnapshot: () => ReturnType<typeof machine.getInitialSnapshot> }) {
  const s = actor.getSnapshot().children.errors!.getSnapshot();
  const run = { clear: 0, once: 1, twice: 2, inError: 3 }[s.value];
  return { run, error: s.context.error, notifications: s.context.notifications };
}

/** A state is its value plus what the invariants read: the roster's tasks, the message. */
const serializeState = (s: ReturnType<typeof machine.getInitialSnapshot>) =>
  JSON.stringify({
    value: s.value,
    tasks: s.children.roster?.getSnapshot().context.taskIds.length ?? null,
    announced: s.children.roster?.getSnapshot().context.announcementOpen ?? null,
    messages: selectUser(s)?.user_message.length ?? null,
  });

describe('taskList machine paths', () => {
  const paths = shortestPaths(
    machine,
    events,
    { returnTo: '/next-steps/task' },
    { serializeState },
  );

  it('reaches loading, ready, failed, signed-out and provisional', () => {
    const tops = new Set(
      paths.map((p) =>
        typeof p.state.value === 'string' ? p.state.value : Object.keys(p.state.value)[0],
      ),
    );
    expect([...tops].sort()).toEqual(['failed', 'loading', 'provisional', 'ready', 'signedOut']);
    // Tens of paths: one per distinct state the invariants can tell apart.
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.length).toBeLessThan(200);
  });

  it.each(
    paths.map((p) => [p.steps.map((s) => s.event.type).join(' → ') || '(start)', p] as const),
  )(
    'shows loading until the list is loaded, and one task actor per task, after %s',
    (_name, path) => {
      const { state } = path;
      // The error, fetch and user children run from the start, whatever the list's state.
      expect(state.children.errors).toBeDefined();
      expect(state.children.refresh).toBeDefined();
      expect(state.children.user).toBeDefined();
      // A loading spinner shows until the list is loaded.
      expect(state.hasTag('loading')).toBe(
        !state.matches('ready') && !state.matches('failed') && !state.matches('provisional'),
      );
      // The tasks, one actor each, are the roster's once loaded, and only then.
      expect(state.children.roster !== undefined).toBe(state.matches('ready'));
    },
  );
});

/** The actor of a task of a running list. */
function taskOf(
  actor: { getSnapshot: () => ReturnType<typeof machine.getInitialSnapshot> },
  id: number,
) {
  const task = selectTaskRef(actor.getSnapshot(), id);
  if (!task) throw new Error(`The list holds no task ${id}`);
  return task;
}

/** Whether the refresh child is refetching the tasks (its `refreshing` tag). */
const isRefreshing = (actor: {
  getSnapshot: () => ReturnType<typeof machine.getInitialSnapshot>;
}) => actor.getSnapshot().children.refresh?.getSnapshot().hasTag('refreshing') ?? false;

/** A running list with fakes for every effect. */
function start(overrides: { fetchTasks?: () => Promise<Fetched<TaskData>> } = {}) {
  const fetchUser = vi.fn(async () => ({ ...signedIn, at: 1_000 }));
  const fetchTasks = vi.fn(overrides.fetchTasks ?? (async () => fetched(data)));
  const acknowledgeMessage = vi.fn(
    async (_args: { input: { id: number } }): Promise<unknown> => null,
  );
  const save = vi.fn(async (_input: SaveInput): Promise<UserTask> => Promise.reject(boom));
  const actor = createActor(
    taskListWith({
      fetchUser,
      fetchTasks,
      saveTask: save,
      acknowledgeMessage: (id) => acknowledgeMessage({ input: { id } }),
    }).provide({ actions: { redirectToLogin: () => {} }, actors: { errors } }),
    { input: { returnTo: '/next-steps/task' } },
  ).start();
  return { actor, fetchUser, fetchTasks, acknowledgeMessage, save };
}

describe('taskList behaviour', () => {
  it('shows the overdue announcement when the list opens and overdue tasks exist, until dismissed', async () => {
    const { actor } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(selectAnnouncedOverdue(actor.getSnapshot())).toBe(1);
    expect(selectFirstOverdueTaskId(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'announcement.dismiss' });
    expect(selectAnnouncedOverdue(actor.getSnapshot())).toBe(0);
  });

  it('user and task fetches repeated within 5 minutes are skipped', async () => {
    const { actor, fetchUser, fetchTasks } = start({
      fetchTasks: async () => fetched(data, 1_000),
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'list.refresh', at: 1_000 + 299_999 });
    expect(fetchUser).toHaveBeenCalledTimes(1);
    expect(fetchTasks).toHaveBeenCalledTimes(1);
    actor.send({ type: 'list.refresh', at: 1_000 + 300_000 });
    await vi.waitFor(() => expect(fetchTasks).toHaveBeenCalledTimes(2));
    expect(fetchUser).toHaveBeenCalledTimes(2);
  });

  it('a refetch keeps the actor of each task still there, so a save in flight is not dropped', async () => {
    let answer: (t: UserTask) => void = () => {};
    const { actor, save } = start();
    save.mockImplementation(() => new Promise<UserTask>((resolve) => (answer = resolve)));
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    const before = taskOf(actor, plain.id);
    before.send({ type: 'task.toggleBookmark' });
    actor.send({ type: 'list.refresh', at: 0, force: true });
    await vi.waitFor(() => expect(isRefreshing(actor)).toBe(false));
    expect(taskOf(actor, plain.id)).toBe(before);
    answer({ ...plain, starred: true });
    await vi.waitFor(() =>
      expect(selectTasks(actor.getSnapshot()).find((t) => t.id === plain.id)?.starred).toBe(true),
    );
    expect(selectUserTask(before.getSnapshot()).starred).toBe(true);
  });

  it('a refetch stops the actors of tasks that are gone and starts actors for new ones', async () => {
    const fresh = userTask(9);
    let second = false;
    const { actor } = start({
      fetchTasks: async () => fetched(second ? { ...data, tasks: [plain, fresh] } : data),
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    second = true;
    actor.send({ type: 'list.refresh', at: 0, force: true });
    await vi.waitFor(() => expect(selectTasks(actor.getSnapshot())).toHaveLength(2));
    const roster = actor.getSnapshot().children.roster!.getSnapshot();
    expect(Object.keys(roster.context.taskRefs).sort()).toEqual([
      String(plain.id),
      String(fresh.id),
    ]);
    expect(Object.keys(actor.getSnapshot().children).sort()).toEqual([
      'coursework',
      'errors',
      'refresh',
      'roster',
      'user',
    ]);
    expect(Object.keys(roster.children).sort()).toEqual([
      'outbox',
      `task-${plain.id}`,
      `task-${fresh.id}`,
    ]);
  });

  it('after a successful save the run of consecutive errors is 0', async () => {
    const { actor, save } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    const task = taskOf(actor, plain.id);
    task.send({ type: 'task.toggleBookmark' });
    await vi.waitFor(() => expect(errorsOf(actor).run).toBe(1));
    save.mockImplementation(async () => ({ ...plain, starred: true }));
    task.send({ type: 'task.toggleBookmark' });
    await vi.waitFor(() => expect(selectUserTask(task.getSnapshot()).starred).toBe(true));
    expect(errorsOf(actor).run).toBe(0);
    expect(errorsOf(actor).error).toBeNull();
  });

  it('a task failure counts as an error; toast only below 2, in error above 2, no duplicate toasts', async () => {
    const { actor } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    const task = taskOf(actor, plain.id);
    const errors = () => errorsOf(actor).run;
    task.send({ type: 'task.toggleBookmark' });
    await vi.waitFor(() => expect(errors()).toBe(1));
    expect(errorsOf(actor).notifications).toEqual([
      { message: TROUBLE_CONNECTING, level: 'error' },
    ]);
    expect(selectUserTask(task.getSnapshot()).starred).toBe(false);
    actor.send({ type: 'toast.dismiss', message: TROUBLE_CONNECTING });
    expect(errors()).toBe(0);
    for (let n = 1; n <= 3; n += 1) {
      task.send({ type: 'task.toggleBookmark' });
      await vi.waitFor(() => expect(errors()).toBe(n));
      expect(errorsOf(actor).notifications).toHaveLength(1);
      expect(selectIsInError(actor.getSnapshot())).toBe(n > 2);
    }
  });

  it('acknowledging the message clears the messages', async () => {
    const { actor, acknowledgeMessage } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(selectMessage(actor.getSnapshot())?.id).toBe(5);
    actor.send({ type: 'message.acknowledge' });
    await vi.waitFor(() => expect(selectMessage(actor.getSnapshot())).toBeNull());
    expect(acknowledgeMessage).toHaveBeenCalledWith(expect.objectContaining({ input: { id: 5 } }));
  });

  it('a failed load counts as an error and can be retried', async () => {
    let fail = true;
    const { actor } = start({
      fetchTasks: async () => (fail ? Promise.reject(boom) : fetched(data)),
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(errorsOf(actor).error).toBe(boom.message);
    fail = false;
    actor.send({ type: 'list.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(errorsOf(actor).run).toBe(0);
  });

  it("a refetch after a change shows the server's record, not a stale copy", async () => {
    let server: UserTask[] = [overdue, plain];
    const { actor, save } = start({ fetchTasks: async () => fetched({ ...data, tasks: server }) });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    save.mockImplementation(async ({ change }) => ({ ...plain, ...change }));
    const task = taskOf(actor, plain.id);
    task.send({ type: 'task.toggleBookmark' });
    await vi.waitFor(() => expect(selectTasks(actor.getSnapshot())[1]?.starred).toBe(true));
    // Meanwhile the bookmark was removed and the task renamed elsewhere (another tab, an adviser).
    const onServer = { ...plain, starred: false, task: { ...plain.task, title: 'Renamed' } };
    server = [overdue, onServer];
    actor.send({ type: 'list.refresh', at: 0, force: true });
    await vi.waitFor(() => expect(selectTasks(actor.getSnapshot())[1]).toEqual(onServer));
    expect(task.getSnapshot().context.userTask).toEqual(onServer);
    expect(selectUserTask(task.getSnapshot()).starred).toBe(false);
  });

  it('the list holds no copy of a record: it keeps the order and reads each task from its actor', async () => {
    const { actor } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    const { context } = actor.getSnapshot();
    const roster = actor.getSnapshot().children.roster!.getSnapshot().context;
    expect(roster.taskIds).toEqual([overdue.id, plain.id]);
    expect(JSON.stringify(context)).not.toContain(plain.task.title);
    expect(JSON.stringify(roster)).not.toContain(plain.task.title);
    expect(selectTasks(actor.getSnapshot())).toEqual([overdue, plain]);
  });

  it.each([
    ['bookmarks', 'task.toggleBookmark', [plain.id]],
    ['done', 'task.toggleDone', [plain.id]],
    ['dismissed', 'task.dismiss', [plain.id]],
    ['upNext', 'task.dismiss', [overdue.id]],
  ] as const)(
    "the filters read each task's own record (next-steps.md §4 Filters): %s after %s",
    async (filter, type, ids) => {
      const { actor, save } = start();
      save.mockImplementation(async ({ change }) => ({ ...plain, ...change }));
      await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
      taskOf(actor, plain.id).send({ type });
      await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1));
      await vi.waitFor(() =>
        expect(filterTasks(selectTasks(actor.getSnapshot()), filter).map((t) => t.id)).toEqual(ids),
      );
    },
  );

  it('acknowledging runs in its own child; a second acknowledge while it runs sends nothing', async () => {
    let done: () => void = () => {};
    const { actor, acknowledgeMessage } = start();
    acknowledgeMessage.mockImplementation(
      () => new Promise((resolve) => (done = () => resolve(null))),
    );
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'message.acknowledge' });
    actor.send({ type: 'message.acknowledge' });
    expect(selectIsAcknowledging(actor.getSnapshot())).toBe(true);
    expect(acknowledgeMessage).toHaveBeenCalledTimes(1);
    done();
    await vi.waitFor(() => expect(selectIsAcknowledging(actor.getSnapshot())).toBe(false));
    expect(selectMessage(actor.getSnapshot())).toBeNull();
  });
});

describe('taskList rules the mutation run asked for', () => {
  /** The list's snapshot once its user child holds `held` (none: before the first fetch). */
  const holding = (held: NextStepsUser | null) => {
    const actor = createActor(machine, { input: { returnTo: '/' } }).start();
    if (held) actor.send({ type: 'user.fetched', answer: { kind: 'user', user: held } });
    return actor.getSnapshot();
  };

  it('a user without a message has nothing to acknowledge: acknowledging again sends nothing', async () => {
    const { actor, acknowledgeMessage } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'message.acknowledge' });
    await vi.waitFor(() => expect(selectMessage(actor.getSnapshot())).toBeNull());
    await vi.waitFor(() => expect(selectIsAcknowledging(actor.getSnapshot())).toBe(false));
    actor.send({ type: 'message.acknowledge' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(acknowledgeMessage).toHaveBeenCalledTimes(1);
  });

  it.each([
    [[{ id: 3, slug: 'work', name: 'Work' }, ...data.categories], 7],
    [[{ id: 3, slug: 'work', name: 'Work' }], null],
  ])(
    'the fun category is the one whose slug is "fun"; without one there is none (%j)',
    async (categories, id) => {
      const { actor } = start({ fetchTasks: async () => fetched({ ...data, categories }) });
      await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
      expect(selectFunCategoryId(actor.getSnapshot())).toBe(id);
    },
  );

  it('a new student is one the server says is; before the user is known nobody is', () => {
    expect(selectIsNewStudent(holding({ ...user, is_new_student: true }))).toBe(true);
    expect(selectIsNewStudent(holding({ ...user, is_new_student: false }))).toBe(false);
    expect(selectIsNewStudent(holding(null))).toBe(false);
    expect(selectMessage(holding(null))).toBeNull();
  });
});

describe('taskList context rules', () => {
  it("a failed task's report is the error the list holds", async () => {
    const { actor } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'task.failed', message: 'Save failed: 500' });
    expect(errorsOf(actor).error).toBe('Save failed: 500');
  });

  it('an effect the composition root did not provide fails, naming itself', async () => {
    const actor = createActor(provided<number>('fetchTasks'));
    actor.subscribe({ error: () => {} });
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('error'));
    expect(actor.getSnapshot().error).toEqual(
      new Error('fetchTasks is provided by the composition root'),
    );
  });

  it('before the list is ready nothing is refreshing and no acknowledgement is on its way', () => {
    const loading = createActor(machine, { input: { returnTo: '/' } });
    expect(isRefreshing(loading)).toBe(false);
    expect(selectIsAcknowledging(loading.getSnapshot())).toBe(false);
  });

  it('without an overdue task the announcement links to no task', async () => {
    const { actor } = start({ fetchTasks: async () => fetched({ ...data, tasks: [plain] }) });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(selectFirstOverdueTaskId(actor.getSnapshot())).toBeNull();
    expect(selectAnnouncedOverdue(actor.getSnapshot())).toBe(0);
  });

  it('a list opens empty: no user yet, nothing fetched; it keeps only where to come back to', () => {
    const opened = createActor(machine, { input: { returnTo: '/next-steps/task/3' } });
    expect(opened.getSnapshot().context).toEqual({ returnTo: '/next-steps/task/3' });
    expect(selectUser(opened.getSnapshot())).toBeNull();
    expect(selectTasks(opened.getSnapshot())).toEqual([]);
  });

  it('a forced refresh shows as refreshing until the tasks arrive', async () => {
    let arrive: () => void = () => {};
    let second = false;
    const { actor } = start({
      fetchTasks: () =>
        second
          ? new Promise((resolve) => (arrive = () => resolve(fetched(data))))
          : Promise.resolve(fetched(data)),
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(isRefreshing(actor)).toBe(false);
    second = true;
    actor.send({ type: 'list.refresh', at: 0, force: true });
    await vi.waitFor(() => expect(isRefreshing(actor)).toBe(true));
    arrive();
    await vi.waitFor(() => expect(isRefreshing(actor)).toBe(false));
  });
});

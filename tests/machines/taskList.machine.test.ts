import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, transition } from 'xstate';
import type { UserTask } from '../../contract/next-steps/task.schema.js';
import type { NextStepsUser } from '../../contract/next-steps/user.schema.js';
import type { NextStepsUserResult } from '../../src/api/next-steps/next-steps.js';
import { TROUBLE_CONNECTING } from '../../src/lib/toasts.js';
import { taskMachine } from '../../src/machines/task.machine.js';
import {
  initialContext,
  selectAnnouncedOverdue,
  selectFirstOverdueTaskId,
  selectIsInError,
  selectMessage,
} from '../../src/machines/taskList.context.js';
import type { Fetched, TaskData } from '../../src/machines/taskList.context.js';
import { taskListMachine } from '../../src/machines/taskList.machine.js';
import { userTask } from '../lib/fixtures.js';
import { shortestPaths } from './paths.js';

const T = '2026-09-15T12:00:00.000Z';
const user: NextStepsUser = {
  id: 1,
  username: 'avalencia',
  first_name: 'Ana',
  auth_token: 'token-token-token-token',
  has_provisional_account: false,
  is_new_student: false,
  user_message: [
    { id: 5, title: 'Welcome', body: 'Hello', created_on: T, user_acknowledged_on: null },
  ],
};
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
  { type: 'xstate.done.actor.fetchUser', output: signedIn },
  { type: 'xstate.done.actor.fetchUser', output: fetched({ kind: 'signed-out' }) },
  { type: 'xstate.done.actor.fetchUser', output: fetched({ kind: 'provisional' }) },
  { type: 'xstate.error.actor.fetchUser', error: boom },
  { type: 'xstate.done.actor.fetchTasks', output: fetched(data) },
  { type: 'xstate.error.actor.fetchTasks', error: boom },
  {
    type: 'xstate.done.actor.refetchUser',
    output: fetched<NextStepsUserResult>({ kind: 'user', user }, 300_000),
  },
  { type: 'xstate.error.actor.refetchUser', error: boom },
  { type: 'xstate.done.actor.refetchTasks', output: fetched(data, 300_000) },
  { type: 'xstate.error.actor.refetchTasks', error: boom },
  { type: 'xstate.done.actor.acknowledgeMessage', output: null },
  { type: 'xstate.error.actor.acknowledgeMessage', error: boom },
  { type: 'list.filter', filter: 'overdue' },
  { type: 'list.select', taskId: 2 },
  { type: 'list.select', taskId: 0 },
  { type: 'list.back' },
  { type: 'list.refresh', at: 60_000 },
  { type: 'list.refresh', at: 300_000 },
  { type: 'list.refresh', at: 60_000, force: true },
  { type: 'list.retry' },
  { type: 'announcement.dismiss' },
  { type: 'toast.dismiss', message: TROUBLE_CONNECTING },
  { type: 'notify.trouble' },
  { type: 'message.acknowledge' },
  { type: 'task.saved', userTask: { ...overdue, completed_on: T, overdue: false } },
  { type: 'task.failed', message: 'There was a problem with your request: 500' },
];

const machine = taskListMachine.provide({
  actions: { redirectToLogin: () => {}, scrollToTop: () => {} },
});

describe('taskList machine paths', () => {
  const paths = shortestPaths(machine, events, { returnTo: '/next-steps/task' });

  it('reaches loading, ready, failed, signed-out and provisional', () => {
    const tops = new Set(
      paths.map((p) =>
        typeof p.state.value === 'string' ? p.state.value : Object.keys(p.state.value)[0],
      ),
    );
    expect([...tops].sort()).toEqual([
      'failed',
      'loadingTasks',
      'loadingUser',
      'provisional',
      'ready',
      'signedOut',
    ]);
    expect(paths.length).toBeGreaterThan(50);
  });

  it.each(
    paths.map((p) => [p.steps.map((s) => s.event.type).join(' → ') || '(start)', p] as const),
  )('keeps the error rules after %s', (_name, path) => {
    const { state } = path;
    const c = state.context;
    // In error above 2; the counter is 0 whenever no error is held.
    expect(selectIsInError(state)).toBe(c.consecutiveErrors > 2);
    if (c.error === null) expect(c.consecutiveErrors).toBe(0);
    // No duplicate toasts.
    expect(new Set(c.notifications.map((t) => t.message)).size).toBe(c.notifications.length);
    // A loading spinner shows until the list is loaded.
    expect(state.hasTag('loading')).toBe(
      !state.matches('ready') && !state.matches('failed') && !state.matches('provisional'),
    );
    // One task actor per task once loaded.
    expect(Object.keys(c.taskRefs).length).toBe(c.tasks.length);
    // Choosing a task shows the detail pane.
    const chose = path.steps.some((s) => s.event.type === 'list.select');
    const back = path.steps.findLastIndex((s) => s.event.type === 'list.back');
    const select = path.steps.findLastIndex((s) => s.event.type === 'list.select');
    expect(c.activePane).toBe(
      chose && select > back ? 'detail-wrapper--active' : 'task-wrapper--active',
    );
  });
});

/** A running list with fakes for every effect. */
function start(overrides: { fetchTasks?: () => Promise<Fetched<TaskData>> } = {}) {
  const fetchUser = vi.fn(async () => ({ ...signedIn, at: 1_000 }));
  const fetchTasks = vi.fn(overrides.fetchTasks ?? (async () => fetched(data)));
  const acknowledgeMessage = vi.fn(
    async (_args: { input: { id: number } }): Promise<unknown> => null,
  );
  const save = vi.fn(async (): Promise<UserTask> => Promise.reject(boom));
  const scrollToTop = vi.fn();
  const actor = createActor(
    taskListMachine.provide({
      actors: {
        fetchUser: fromPromise(fetchUser),
        fetchTasks: fromPromise(fetchTasks),
        acknowledgeMessage: fromPromise(acknowledgeMessage),
        task: taskMachine.provide({ actors: { saveTask: fromPromise(save) } }),
      },
      actions: { redirectToLogin: () => {}, scrollToTop },
    }),
    { input: { returnTo: '/next-steps/task' } },
  ).start();
  return { actor, fetchUser, fetchTasks, acknowledgeMessage, save, scrollToTop };
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

  it('clicking a task selects it, switches to the detail pane and scrolls to the top', async () => {
    const { actor, scrollToTop } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(actor.getSnapshot().context.activePane).toBe('task-wrapper--active');
    actor.send({ type: 'list.select', taskId: 2 });
    expect(actor.getSnapshot().context).toMatchObject({
      selectedTaskId: 2,
      activePane: 'detail-wrapper--active',
    });
    expect(scrollToTop).toHaveBeenCalled();
    actor.send({ type: 'list.select', taskId: 'x' });
    expect(actor.getSnapshot().context.selectedTaskId).toBe(2);
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

  it('refetching replaces the task actors with ones for the fresh records', async () => {
    const { actor } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    const before = actor.getSnapshot().context.taskRefs[plain.id];
    actor.send({ type: 'list.refresh', at: 0, force: true });
    await vi.waitFor(() => expect(actor.getSnapshot().context.taskRefs[plain.id]).not.toBe(before));
    expect(Object.keys(actor.getSnapshot().children)).toHaveLength(2);
  });

  it('a task failure counts as an error; toast only below 2, in error above 2, no duplicate toasts', async () => {
    const { actor } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    const task = actor.getSnapshot().context.taskRefs[plain.id]!;
    const errors = () => actor.getSnapshot().context.consecutiveErrors;
    task.send({ type: 'task.bookmark' });
    await vi.waitFor(() => expect(errors()).toBe(1));
    expect(actor.getSnapshot().context.notifications).toEqual([
      { message: TROUBLE_CONNECTING, level: 'error' },
    ]);
    expect(task.getSnapshot().hasTag('bookmarked')).toBe(false);
    actor.send({ type: 'toast.dismiss', message: TROUBLE_CONNECTING });
    expect(errors()).toBe(0);
    for (let n = 1; n <= 3; n += 1) {
      task.send({ type: 'task.bookmark' });
      await vi.waitFor(() => expect(errors()).toBe(n));
      expect(actor.getSnapshot().context.notifications).toHaveLength(1);
      expect(selectIsInError(actor.getSnapshot())).toBe(n > 2);
    }
  });

  it.each([
    [0, true],
    [1, true],
    [2, false],
    [3, false],
  ])(
    'the toast shows only while the counter is below 2 (counter %i → toast %s)',
    (count, toast) => {
      const ready = machine.resolveState({
        value: { ready: { refresh: 'idle', message: 'idle' } },
        context: { ...initialContext({ returnTo: '/' }), user, consecutiveErrors: count },
      });
      const [next] = transition(machine, ready, { type: 'task.failed', message: 'x' });
      expect(next.context.notifications.length > 0).toBe(toast);
      expect(next.context.consecutiveErrors).toBe(Math.min(count + 1, 3));
    },
  );

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
    expect(actor.getSnapshot().context.error).toBe(boom.message);
    fail = false;
    actor.send({ type: 'list.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(actor.getSnapshot().context.consecutiveErrors).toBe(0);
  });
});

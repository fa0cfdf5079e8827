import { describe, expect, it, vi } from 'vitest';
import { createActor, transition } from 'xstate';
import { READ_ONLY_DETAIL } from '../../contract/error.schema.js';
import { createHttp } from '../../src/api/client.js';
import { messageKey } from '../../src/lib/message-key.js';
import { TROUBLE_CONNECTING } from '../../src/lib/toasts.js';
import { failureDetail, listErrorsMachine } from '../../src/machines/list-errors.machine.js';
import { userTask } from '../lib/fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

const refusal = (kind: 'gone' | 'conflict') => ({
  type: 'outbox.refused',
  settled: {
    kind,
    change: { id: 1, field: 'starred', change: { starred: true }, base: { starred: false } },
    userTask: userTask(1, {}, { title: 'Pay your deposit' }),
  },
});

const boom = new Error('There was a problem with your request: 503');
/** A change the server refused as read only (support viewing as the student), as the client throws it. */
const readOnly: unknown = await createHttp({
  baseUrl: 'http://portal.test/api',
  fetch: () => Promise.resolve(Response.json({ detail: READ_ONLY_DETAIL }, { status: 403 })),
})
  .patch('user_task/1/', { json: {} })
  .then(
    () => null,
    (error: unknown) => error,
  );
const refusals = () =>
  (['load.failed', 'refresh.failed', 'message.failed', 'task.failed'] as const).map((type) => ({
    type,
    error: readOnly,
    message: 'refused',
  }));
const baseEvents = [
  // A failure and a success of each kind the list's children report.
  { type: 'load.failed', error: boom },
  { type: 'refresh.failed', error: boom },
  { type: 'message.failed', error: 'offline' },
  { type: 'task.failed', message: 'Save failed: 500' },
  { type: 'tasks.fetched' },
  { type: 'task.saved' },
  { type: 'message.acknowledged' },
  { type: 'list.retry' },
  { type: 'toast.dismiss', message: TROUBLE_CONNECTING },
  { type: 'notify.trouble' },
  refusal('gone'),
  refusal('conflict'),
];

/** Without the log: failures here are expected. */
const quiet = listErrorsMachine.provide({ actions: { logFailure: () => {} } });
/** How many errors in a row each state stands for. */
const run = { clear: 0, once: 1, twice: 2, inError: 3 } as const;

describe('listErrors machine paths', () => {
  // Issue 87: each kind of failure refused as read only, beside the failures of the connection.
  const paths = shortestPaths(quiet, [...baseEvents, ...refusals()]);

  it('reaches a clear list, one error, two and the error state', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(Object.keys(run)));
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'is in error only above 2 in a row, holds an error only while failing and never a toast twice: %s',
    (_title, { state }) => {
      const c = state.context;
      expect(state.hasTag('inError')).toBe(run[state.value] > 2);
      expect(c.error !== null).toBe(run[state.value] > 0);
      expect(state.hasTag('failing')).toBe(run[state.value] > 0);
      const keys = c.notifications.map((t) => messageKey(t.message));
      expect(new Set(keys).size).toBe(keys.length);
    },
  );

  it('a refusal as read only is never trouble connecting and never moves the run, from any state', () => {
    for (const { state } of paths)
      for (const event of refusals()) {
        const [next] = transition(quiet, state, event);
        expect(next.value).toBe(state.value);
        const troubles = (c: typeof state.context) =>
          c.notifications.filter((t) => messageKey(t.message) === messageKey(TROUBLE_CONNECTING))
            .length;
        expect(troubles(next.context)).toBe(troubles(state.context));
        expect(next.context.error).toBe(state.context.error);
      }
  });
});

describe('listErrors', () => {
  it.each([
    ['clear', true],
    ['once', true],
    ['twice', false],
    ['inError', false],
  ] as const)(
    'the toast shows only while the run is below 2 (after %s → toast %s)',
    (value, toast) => {
      const before = quiet.resolveState({ value, context: { error: 'x', notifications: [] } });
      const [next] = transition(quiet, before, { type: 'task.failed', message: 'x' });
      expect(next.context.notifications.length > 0).toBe(toast);
      expect(run[next.value]).toBe(Math.min(run[value] + 1, 3));
    },
  );

  it('a failure holds its detail and logs it; a success ends the run', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const actor = createActor(listErrorsMachine).start();
    actor.send({ type: 'task.failed', message: 'Save failed: 500' });
    expect(actor.getSnapshot().context.error).toBe('Save failed: 500');
    expect(log).toHaveBeenCalledWith('Next Steps: Save failed: 500');
    actor.send({ type: 'task.saved' });
    expect(actor.getSnapshot().value).toBe('clear');
    expect(actor.getSnapshot().context.error).toBeNull();
    log.mockRestore();
  });

  it.each(['load.failed', 'refresh.failed', 'message.failed', 'task.failed'] as const)(
    'a %s report counts as an error of the run',
    (type) => {
      const failure = type === 'task.failed' ? { type, message: 'x' } : { type, error: boom };
      expect(
        transition(
          quiet,
          quiet.resolveState({ value: 'clear', context: { error: null, notifications: [] } }),
          failure,
        )[0].value,
      ).toBe('once');
    },
  );

  it.each(['tasks.fetched', 'task.saved', 'message.acknowledged', 'list.retry'] as const)(
    'a %s report ends the run of consecutive errors',
    (type) => {
      const before = quiet.resolveState({
        value: 'inError',
        context: { error: 'x', notifications: [] },
      });
      const [next] = transition(quiet, before, { type });
      expect([next.value, next.context.error]).toEqual(['clear', null]);
    },
  );

  it("a failure's detail is its report's message, else its error's, else the §8 sentence", () => {
    expect(failureDetail({ type: 'task.failed', message: 'Save failed: 500' })).toBe(
      'Save failed: 500',
    );
    expect(failureDetail({ type: 'load.failed', error: boom })).toBe(boom.message);
    expect(failureDetail({ type: 'refresh.failed', error: 'offline' })).toBe(
      'There was a problem with your request',
    );
  });

  it('dismissing one toast removes only that toast, keeps the others and ends the run', () => {
    const SAVED = { id: 'saved', message: 'Saved' };
    const before = quiet.resolveState({
      value: 'once',
      context: {
        error: 'x',
        notifications: [
          { message: TROUBLE_CONNECTING, level: 'error' },
          { message: SAVED, level: 'info' },
        ],
      },
    });
    const [next] = transition(quiet, before, {
      type: 'toast.dismiss',
      message: TROUBLE_CONNECTING,
    });
    expect(next.context.notifications).toEqual([{ message: SAVED, level: 'info' }]);
    expect(next.value).toBe('clear');
  });

  it('a change made offline that was not sent is told once, naming the task changed elsewhere', () => {
    const actor = createActor(quiet).start();
    actor.send(refusal('conflict') as never);
    actor.send(refusal('conflict') as never);
    const [toast] = actor.getSnapshot().context.notifications;
    expect(actor.getSnapshot().context.notifications).toHaveLength(1);
    expect(toast?.level).toBe('info');
    expect(JSON.stringify(toast?.message)).toContain('Pay your deposit');
  });
});

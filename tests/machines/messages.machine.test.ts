import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { NudgeType } from '../../contract/sis/nudges.schema.js';
import {
  messagesMachine,
  selectMessagesStatus,
  selectUnreadCount,
} from '../../src/machines/messages.machine.js';
import type { MessagesData } from '../../src/machines/messages.machine.js';
import { message, nudge } from '../lib/message-fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

const data: MessagesData = {
  messages: [
    message(1),
    message(2, { app_message: true }),
    message(3, { category: 'blog', display_as_banner: false }),
  ],
  nudges: [nudge(4)],
};

const events = [
  { type: 'xstate.done.actor.load', output: data },
  { type: 'xstate.error.actor.load', error: new Error('500') },
  { type: 'xstate.done.actor.reload', output: data },
  { type: 'xstate.error.actor.reload', error: new Error('500') },
  { type: 'xstate.done.actor.setRead', output: null },
  { type: 'xstate.error.actor.setRead', error: new Error('500') },
  { type: 'xstate.done.actor.readAppMessage', output: null },
  { type: 'xstate.error.actor.readAppMessage', error: new Error('500') },
  { type: 'xstate.done.actor.dismissNudge', output: null },
  { type: 'xstate.error.actor.dismissNudge', error: new Error('500') },
  { type: 'xstate.after.REFRESH_DELAY.messages.loaded.waiting' },
  { type: 'messages.read', key: 'message-1' },
  { type: 'messages.read', key: 'message-2' },
  { type: 'messages.read', key: 'nudge-CONTACT-4' },
  { type: 'messages.readAll' },
  { type: 'messages.readBlog' },
  { type: 'messages.refresh' },
  { type: 'messages.retry' },
];

const KIND_OF_STATE = { settingRead: 'message', readingApp: 'app', dismissingNudge: 'nudge' };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('messages machine', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const paths = shortestPaths(messagesMachine, events, undefined, {
    // Read times differ from run to run: a state is its value, what is read, the queue and the refresh due.
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.items.map((m) => m.read),
        s.context.queue.map((w) => w.key),
        s.context.refresh,
      ]),
  });

  it('reaches every state, each kind of mark and the delayed refresh', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const state of [
      'settingRead',
      'readingApp',
      'dismissingNudge',
      'waiting',
      'refreshing',
      'failed',
    ]) {
      expect([...reached].some((v) => v.includes(state))).toBe(true);
    }
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'an item being marked shows as read, and each mark goes through the call of its kind: %s',
    (_title, { state }) => {
      const { items, queue } = state.context;
      for (const write of queue) expect(items.find((m) => m.key === write.key)?.read).toBe(true);
      for (const [name, kind] of Object.entries(KIND_OF_STATE)) {
        if (state.matches({ loaded: name as keyof typeof KIND_OF_STATE })) {
          expect(queue[0]?.kind).toBe(kind);
        }
      }
      expect(selectUnreadCount(state)).toBe(items.filter((m) => !m.read).length);
    },
  );
});

function messagesActor(answer: () => MessagesData = () => data) {
  const calls: string[] = [];
  const actor = createActor(
    messagesMachine.provide({
      actors: {
        load: fromPromise(async () => (calls.push('load'), structuredClone(answer()))),
        setRead: fromPromise<unknown, { pk: number }>(async ({ input }) => {
          calls.push(`setRead ${input.pk}`);
        }),
        readAppMessage: fromPromise<unknown, { pk: number }>(async ({ input }) => {
          calls.push(`readAppMessage ${input.pk}`);
        }),
        dismissNudge: fromPromise<unknown, { nudge_type: NudgeType }>(async ({ input }) => {
          calls.push(`dismissNudge ${input.nudge_type}`);
        }),
      },
    }),
  ).start();
  return { actor, calls };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('marking messages read (portal.md §4)', () => {
  it('dismissing a nudge goes through nudge dismissal, with no refresh', async () => {
    vi.useFakeTimers();
    const { actor, calls } = messagesActor();
    await settle();
    actor.send({ type: 'messages.read', key: 'nudge-CONTACT-4' });
    await settle();
    expect(calls).toEqual(['load', 'dismissNudge CONTACT']);
  });

  it('dismissing an app message goes through an app-message read, with no refresh', async () => {
    vi.useFakeTimers();
    const { actor, calls } = messagesActor();
    await settle();
    actor.send({ type: 'messages.read', key: 'message-2' });
    await settle();
    expect(calls).toEqual(['load', 'readAppMessage 2']);
  });

  it('dismissing any other message sets it read, then refreshes the messages', async () => {
    vi.useFakeTimers();
    const { actor, calls } = messagesActor();
    await settle();
    actor.send({ type: 'messages.read', key: 'message-1' });
    expect(selectUnreadCount(actor.getSnapshot())).toBe(3);
    await settle();
    expect(calls).toEqual(['load', 'setRead 1', 'load']);
  });

  it('mark all read marks each unread item by its kind and refreshes once', async () => {
    vi.useFakeTimers();
    const { actor, calls } = messagesActor();
    await settle();
    actor.send({ type: 'messages.readAll' });
    expect(selectUnreadCount(actor.getSnapshot())).toBe(0);
    await settle();
    expect(calls.slice(1, 5).sort()).toEqual(
      ['setRead 1', 'readAppMessage 2', 'setRead 3', 'dismissNudge CONTACT'].sort(),
    );
    expect(calls.slice(5)).toEqual(['load']);
  });

  it("opening What's New marks unread blog messages read, then refreshes messages after 1 second", async () => {
    vi.useFakeTimers();
    const { actor, calls } = messagesActor();
    await settle();
    actor.send({ type: 'messages.readBlog' });
    await settle();
    expect(calls).toEqual(['load', 'setRead 3']);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toEqual(['load', 'setRead 3']);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['load', 'setRead 3', 'load']);
  });

  it('a failed message call is only logged, and the list and page keep working', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    const { actor } = messagesActor(() => {
      if (fail) throw new Error('500');
      return data;
    });
    await settle();
    expect(selectMessagesStatus(actor.getSnapshot())).toBe('error');
    expect(warn).toHaveBeenCalledTimes(1);
    fail = false;
    actor.send({ type: 'messages.retry' });
    await settle();
    expect(selectMessagesStatus(actor.getSnapshot())).toBe('loaded');
  });

  it("no blog message unread: opening What's New changes nothing", async () => {
    vi.useFakeTimers();
    const { actor, calls } = messagesActor(() => ({ messages: [message(1)], nudges: [] }));
    await settle();
    actor.send({ type: 'messages.readBlog' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toEqual(['load']);
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { EventObject } from 'xstate';
import type { NudgeType } from '../../contract/sis/nudges.schema.js';
import {
  messagesMachine,
  selectMessagesStatus,
  selectUnreadCount,
} from '../../src/machines/messages.machine.js';
import type { MessagesData } from '../../src/machines/messages-data.js';
import { messagesWith } from '../../src/machines/messages.effects.js';
import { inbox, isUnreadBlogMessage } from '../../src/lib/messages.js';
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
  // What the write queue reports: fresh messages, with the keys it is still marking.
  { type: 'writes.loaded', data, marking: [] },
  { type: 'writes.loaded', data, marking: ['message-1'] },
  { type: 'messages.read', key: 'message-1' },
  { type: 'messages.read', key: 'message-2' },
  { type: 'messages.read', key: 'nudge-CONTACT-4' },
  { type: 'messages.readAll' },
  { type: 'messages.readBlog' },
  { type: 'messages.refresh' },
  { type: 'messages.retry' },
];

/** The keys being marked at the end of a path: marked since the last answer, or still queued by it. */
function marking(steps: ReadonlyArray<{ event: EventObject }>): Set<string> {
  let keys = new Set<string>();
  const all = inbox(data.messages, data.nudges);
  for (const { event } of steps) {
    if ('marking' in event && Array.isArray(event.marking))
      keys = new Set(event.marking.map(String));
    else if (event.type === 'xstate.done.actor.load') keys = new Set();
    else if (event.type === 'messages.readAll') for (const m of all) keys.add(m.key);
    else if (event.type === 'messages.readBlog') {
      for (const m of all.filter(isUnreadBlogMessage)) keys.add(m.key);
    } else if (event.type === 'messages.read' && 'key' in event && typeof event.key === 'string') {
      keys.add(event.key);
    }
  }
  return keys;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('messages machine', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const paths = shortestPaths(messagesMachine, events, undefined, {
    // Read times differ from run to run: a state is its value and what is read.
    serializeState: (s) => JSON.stringify([s.value, s.context.items.map((m) => m.read)]),
  });

  it('reaches loading, loaded and failed', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect([...reached].sort()).toEqual(['"failed"', '"loaded"', '"loading"']);
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'an item being marked shows as read, a refresh included: %s',
    (_title, { state, steps }) => {
      const { items } = state.context;
      if (state.matches('loaded')) {
        for (const key of marking(steps)) {
          expect(items.find((m) => m.key === key)?.read).toBe(true);
        }
      }
      expect(selectUnreadCount(state)).toBe(items.filter((m) => !m.read).length);
    },
  );
});

function messagesActor(answer: () => MessagesData = () => data) {
  const calls: string[] = [];
  const actor = createActor(
    messagesWith({
      load: async () => (calls.push('load'), structuredClone(answer())),
      setRead: async (pk) => void calls.push(`setRead ${pk}`),
      readAppMessage: async (pk) => void calls.push(`readAppMessage ${pk}`),
      readAll: async (category) => void calls.push(`readAll ${category ?? 'every'}`),
      dismissNudge: async (type: NudgeType) => void calls.push(`dismissNudge ${type}`),
    }),
  ).start();
  return { actor, calls };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

// The write queue's code loads after the first screen (src/machines/lazy-actor.ts): loaded once
// here, as it is on a page by the time a person marks a message read, so a test's settle sees it.
beforeAll(async () => {
  await import('../../src/machines/message-writes.machine.js');
});

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

  it('mark all read dismisses each nudge, marks every stored message by one call and refreshes once', async () => {
    vi.useFakeTimers();
    const { actor, calls } = messagesActor();
    await settle();
    actor.send({ type: 'messages.readAll' });
    expect(selectUnreadCount(actor.getSnapshot())).toBe(0);
    await settle();
    expect(calls).toEqual(['load', 'dismissNudge CONTACT', 'readAll every', 'load']);
  });

  it("opening What's New marks unread blog messages read, then refreshes messages after 1 second", async () => {
    vi.useFakeTimers();
    const { actor, calls } = messagesActor();
    await settle();
    actor.send({ type: 'messages.readBlog' });
    expect(selectUnreadCount(actor.getSnapshot())).toBe(3);
    await settle();
    expect(calls).toEqual(['load', 'readAll blog']);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toEqual(['load', 'readAll blog']);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['load', 'readAll blog', 'load']);
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

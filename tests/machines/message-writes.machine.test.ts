import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageWritesMachine } from '../../src/machines/message-writes.machine.js';
import type { MessageWrite } from '../../src/machines/message-writes.machine.js';
import type { MessagesData } from '../../src/machines/messages-data.js';
import { message } from '../lib/message-fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

const data: MessagesData = { messages: [message(1)], nudges: [] };
const write = (kind: MessageWrite['kind'], pk: number): MessageWrite => ({
  kind,
  key: `${kind}-${pk}`,
  pk,
  nudge_type: kind === 'nudge' ? 'CONTACT' : null,
});

const events = [
  { type: 'writes.add', writes: [write('message', 1)], refresh: 'now' },
  { type: 'writes.add', writes: [write('app', 2)], refresh: 'none' },
  { type: 'writes.add', writes: [write('nudge', 3)], refresh: 'none' },
  { type: 'writes.add', writes: [write('message', 4)], refresh: 'later' },
  // Issue 87: every page's messages, and What's New's blog ones, one call each.
  { type: 'writes.add', writes: [write('nudge', 5), write('all', 0)], refresh: 'now' },
  { type: 'writes.add', writes: [write('blog', 0)], refresh: 'later' },
  { type: 'writes.refresh' },
  { type: 'xstate.done.actor.setRead', output: null },
  { type: 'xstate.error.actor.setRead', error: new Error('500') },
  { type: 'xstate.done.actor.readAppMessage', output: null },
  { type: 'xstate.error.actor.readAppMessage', error: new Error('500') },
  { type: 'xstate.done.actor.readAll', output: { marked: 3, unread: 0 } },
  { type: 'xstate.error.actor.readAll', error: new Error('500') },
  { type: 'xstate.done.actor.dismissNudge', output: null },
  { type: 'xstate.error.actor.dismissNudge', error: new Error('500') },
  { type: 'xstate.done.actor.reload', output: data },
  { type: 'xstate.error.actor.reload', error: new Error('500') },
  { type: 'xstate.after.REFRESH_DELAY.messageWrites.waiting' },
];

const KIND_OF_STATE = {
  settingRead: ['message'],
  readingApp: ['app'],
  dismissingNudge: ['nudge'],
  readingAll: ['all', 'blog'],
};

afterEach(() => vi.restoreAllMocks());

describe('messageWrites machine', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const quiet = messageWritesMachine.provide({ actions: { reportLoaded: () => {} } });
  const paths = shortestPaths(quiet, events, undefined, {
    // The queue's kinds and the refresh due tell two states apart; at most three marks are queued.
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.queue.slice(0, 3).map((w) => w.kind), s.context.refresh]),
  });

  it("reaches every state: each kind of call (every page's one too), the wait and the refresh", () => {
    const reached = new Set(paths.map((p) => String(p.state.value)));
    for (const state of [
      'idle',
      'settingRead',
      'readingApp',
      'dismissingNudge',
      'readingAll',
      'waiting',
      'refreshing',
    ]) {
      expect(reached.has(state)).toBe(true);
    }
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'each mark goes through the call of its kind, one at a time, and the wait for a refresh never holds back a queued mark: %s',
    (_title, { state }) => {
      const { queue } = state.context;
      for (const [name, kind] of Object.entries(KIND_OF_STATE)) {
        if (state.matches(name as keyof typeof KIND_OF_STATE))
          expect(kind).toContain(queue[0]?.kind);
      }
      expect(state.hasTag('saving')).toBe(Object.keys(KIND_OF_STATE).includes(String(state.value)));
      if (state.matches('waiting')) expect(queue).toHaveLength(0);
    },
  );

  it("What's New's later refresh is not made sooner by a mark that asks for one at once", () => {
    const later = paths.filter((p) =>
      p.steps.some((s) => JSON.stringify(s.event).includes('"later"')),
    );
    expect(later.length).toBeGreaterThan(0);
    for (const { state, steps } of later) {
      const last = steps.findLastIndex((s) => JSON.stringify(s.event).includes('"later"'));
      const after = steps.slice(last + 1).map((s) => s.event.type);
      if (!after.some((t) => t.includes('reload') || t.includes('REFRESH_DELAY'))) {
        expect(state.context.refresh === 'later' || state.matches('refreshing')).toBe(true);
      }
    }
  });
});

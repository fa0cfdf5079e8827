import { moreOf } from '../../src/lib/more-pages.js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { MessagePage } from '../../contract/messages.schema.js';
import {
  messagesMachine,
  selectAdded,
  selectBannerInbox,
  selectNext,
  selectUnreadCount,
} from '../../src/machines/messages.machine.js';
import { messagePagesMachine } from '../../src/machines/message-pages.machine.js';
import type { MessagesData } from '../../src/machines/messages-data.js';
import { messagesWith } from '../../src/machines/messages.effects.js';
import { bannerLines } from '../../src/lib/banner-rules.js';
import { message, nudge } from '../lib/message-fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

/**
 * Issue 87: the first page of four messages (two of them on it), the whole list's unread count and
 * the banner's unread message on the page not loaded; the next page holds the other two.
 */
const first: MessagesData = {
  messages: [message(30, { display_as_banner: false }), message(29, { display_as_banner: false })],
  nudges: [nudge(4)],
  next: 'cursor-1',
  unread: 3,
  banner: [message(10)],
};
const second: MessagePage = {
  messages: [message(20, { read: true }), message(10)],
  next: null,
  unread: 3,
  banner: [message(10)],
};

const events = [
  { type: 'xstate.done.actor.load', output: first },
  { type: 'messages.page', page: second },
  { type: 'writes.loaded', data: first, marking: [] },
  { type: 'messages.read', key: 'message-10' },
  { type: 'messages.read', key: 'message-30' },
  { type: 'messages.readAll' },
  { type: 'messages.readBlog' },
];

afterEach(() => vi.restoreAllMocks());

describe('messages machine, a page at a time (issue 87)', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const paths = shortestPaths(messagesMachine, events, undefined, {
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.items.map((m) => [m.key, m.read]),
        s.context.unreadBeyond,
      ]),
  });

  it('reaches the list with the next page added (the Messages page loads it: messages.page)', () => {
    const reached = paths.filter((p) => p.steps.some((s) => s.event.type === 'messages.page'));
    expect(reached.some((p) => p.state.context.pages === 2)).toBe(true);
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'no message twice, the unread count of the whole list, the banner of the whole list: %s',
    (_title, { state, steps }) => {
      const { items } = state.context;
      const keys = items.map((m) => m.key);
      expect(new Set(keys).size).toBe(keys.length);
      if (!state.matches('loaded')) return;
      // Three stored messages unread (not 20) and the nudge, less those marked read since.
      const marked = ['message-10', 'message-30'].filter((key) =>
        selectBannerInbox(state).some((m) => m.key === key && m.read),
      ).length;
      // A refresh counts as the server does: one answered after a mark (this fixture's is not) has it.
      const types = steps.map((step) => step.event.type);
      const refreshed = types.lastIndexOf('writes.loaded');
      const firstMark = types.findIndex((t) => t === 'messages.read' || t === 'messages.readAll');
      const stale = firstMark !== -1 && firstMark < refreshed;
      // "Mark all read" since the last answer: nothing is unread, on any page (issue 87).
      if (types.lastIndexOf('messages.readAll') > refreshed)
        expect(selectUnreadCount(state)).toBe(0);
      else if (!stale) expect(selectUnreadCount(state)).toBe(4 - marked);
      // The banner's line for message 10 shows whether its page is loaded or not, until read.
      const lines = bannerLines({ messages: selectBannerInbox(state), holdCount: 0 });
      expect(lines.some((l) => l.key === 'message-10')).toBe(
        !selectBannerInbox(state).find((m) => m.key === 'message-10')?.read,
      );
    },
  );
});

/** The message center, and the Messages page's "Show more" (message-pages.machine.ts) beside it. */
function pagedActor(more?: () => Promise<MessagePage>) {
  const calls: string[] = [];
  const actor = createActor(
    messagesWith({
      load: async () => (calls.push('load'), structuredClone(first)),
      setRead: async (pk) => void calls.push(`setRead ${pk}`),
      readAppMessage: async (pk) => void calls.push(`readAppMessage ${pk}`),
      readAll: async (category) => void calls.push(`readAll ${category ?? 'every'}`),
      dismissNudge: async (type) => void calls.push(`dismissNudge ${type}`),
    }),
  ).start();
  const pages = createActor(
    messagePagesMachine.provide({
      actors: {
        loadMore: fromPromise(async ({ input }) => {
          calls.push(`loadMore ${input.after}`);
          return more ? more() : structuredClone(second);
        }),
      },
    }),
    { input: { center: actor } },
  ).start();
  const showMore = () => moreOf(pages.getSnapshot(), selectNext(actor.getSnapshot()) === null);
  const askMore = () =>
    pages.send({ type: 'pages.more', after: actor.getSnapshot().context.next! });
  return { actor, calls, showMore, askMore };
}

beforeAll(async () => {
  await import('../../src/machines/message-writes.machine.js');
});

describe('"Show more messages" (issue 87)', () => {
  it('loads the page after the cursor, adds it after the list, and says which it added', async () => {
    const { actor, calls, showMore, askMore } = pagedActor();
    await vi.waitFor(() => expect(showMore()).toBe('ready'));
    askMore();
    expect(showMore()).toBe('loading');
    await vi.waitFor(() => expect(showMore()).toBe('none'));
    expect(calls).toEqual(['load', 'loadMore cursor-1']);
    const keys = actor.getSnapshot().context.items.map((m) => m.key);
    expect(keys).toEqual([
      'message-30',
      'message-29',
      'message-20',
      'message-10',
      'nudge-CONTACT-4',
    ]);
    expect(selectAdded(actor.getSnapshot())).toEqual(['message-20', 'message-10']);
    expect(selectUnreadCount(actor.getSnapshot())).toBe(4);
  });

  it('a refresh after marking read keeps the pages loaded after the first', async () => {
    const { actor, calls, showMore, askMore } = pagedActor();
    await vi.waitFor(() => expect(showMore()).toBe('ready'));
    askMore();
    await vi.waitFor(() => expect(showMore()).toBe('none'));
    actor.send({ type: 'messages.read', key: 'message-30' });
    await vi.waitFor(() =>
      expect(calls).toEqual(['load', 'loadMore cursor-1', 'setRead 30', 'load']),
    );
    await vi.waitFor(() =>
      expect(actor.getSnapshot().context.items.map((m) => m.key)).toContain('message-10'),
    );
    expect(actor.getSnapshot().context.items).toHaveLength(5);
  });

  it('a failed page is only logged and says so; asking again loads it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    const { actor, showMore, askMore } = pagedActor(async () => {
      if (fail) throw new Error('500');
      return structuredClone(second);
    });
    await vi.waitFor(() => expect(showMore()).toBe('ready'));
    askMore();
    await vi.waitFor(() => expect(showMore()).toBe('failed'));
    expect(warn).toHaveBeenCalledTimes(1);
    fail = false;
    askMore();
    await vi.waitFor(() => expect(showMore()).toBe('none'));
    expect(actor.getSnapshot().context.items).toHaveLength(5);
  });
});

describe('marking read with pages not loaded (issue 87)', () => {
  it('"Mark all read" marks every page\'s messages by one call: the count of the whole list goes to 0', async () => {
    const { actor, calls, showMore } = pagedActor();
    await vi.waitFor(() => expect(showMore()).toBe('ready'));
    expect(selectUnreadCount(actor.getSnapshot())).toBe(4);
    actor.send({ type: 'messages.readAll' });
    // The banner's message on the page not loaded shows read at once, and the count is of all.
    expect(selectUnreadCount(actor.getSnapshot())).toBe(0);
    expect(selectBannerInbox(actor.getSnapshot()).every((m) => m.read)).toBe(true);
    await vi.waitFor(() =>
      expect(calls).toEqual(['load', 'dismissNudge CONTACT', 'readAll every', 'load']),
    );
  });

  it("What's New with pages not loaded marks the blog messages of every page, though none loaded is one", async () => {
    const { actor, calls, showMore } = pagedActor();
    await vi.waitFor(() => expect(showMore()).toBe('ready'));
    actor.send({ type: 'messages.readBlog' });
    await vi.waitFor(() => expect(calls).toEqual(['load', 'readAll blog']));
    expect(selectUnreadCount(actor.getSnapshot())).toBe(4);
  });
});

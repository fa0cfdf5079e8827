import { describe, expect, it } from 'vitest';
import {
  anyUnread,
  appended,
  emptyList,
  everyPage,
  known,
  marked,
  readAll,
  readOne,
  stored,
  unreadUnloaded,
  withMarks,
  writeOf,
} from '../../src/lib/message-center.js';
import type { MessageList } from '../../src/lib/message-center.js';
import { MARK_ALL_KEY, MARK_BLOG_KEY, fromMessage, inbox } from '../../src/lib/messages.js';
import { message, nudge } from './message-fixtures.js';

/** Issue 87: the first page (messages 30, 29 and a nudge), 3 unread of all, message 10 beyond. */
const first = {
  messages: [message(30, { display_as_banner: false }), message(29, { display_as_banner: false })],
  nudges: [nudge(4)],
  next: 'cursor-1',
  unread: 3,
  banner: [message(10)],
};
const loaded = (): MessageList => ({ ...emptyList, ...stored(emptyList, first, []) });
const keys = (list: { items: { key: string }[] }) => list.items.map((m) => m.key);

describe('the message center list (portal.md §3, §9; issue 87)', () => {
  it('an answer of the first page: its items, the banner beyond them, and the unread beyond', () => {
    const list = loaded();
    expect(keys(list)).toEqual(['message-30', 'message-29', 'nudge-CONTACT-4']);
    expect(list).toMatchObject({ next: 'cursor-1', pages: 1, unreadBeyond: 1, marking: [] });
    expect(list.beyond.map((m) => m.key)).toEqual(['message-10']);
    expect(known(list).map((m) => m.key)).toContain('message-10');
    expect(unreadUnloaded(list)).toBe(1);
  });

  it('a further page goes after the list, none twice, and takes what it holds from beyond', () => {
    const list = loaded();
    const page = { messages: [message(29), message(20, { read: true }), message(10)], next: null };
    const next = { ...list, ...appended(list, { ...page, unread: 3, banner: [] }) };
    expect(keys(next)).toEqual([
      'message-30',
      'message-29',
      'message-20',
      'message-10',
      'nudge-CONTACT-4',
    ]);
    expect(next).toMatchObject({ next: null, pages: 2, unreadBeyond: 0, beyond: [] });
    expect(next.added).toEqual(['message-20', 'message-10']);
  });

  it('a refresh of the first page keeps the pages loaded after it', () => {
    const list = loaded();
    const two = {
      ...list,
      ...appended(list, { messages: [message(20)], next: 'cursor-2', unread: 3, banner: [] }),
    };
    const refreshed = { ...two, ...stored(two, first, []) };
    expect(keys(refreshed)).toContain('message-20');
    expect(refreshed).toMatchObject({ pages: 2, next: 'cursor-2' });
    // The whole list answered: nothing kept.
    const whole = stored(two, { ...first, next: null }, []);
    expect(whole.items?.map((m) => m.key)).not.toContain('message-20');
    expect(whole.pages).toBe(1);
  });

  it('marks still queued show made in an answer; a queued mark of all leaves none unread beyond', () => {
    const list = stored(emptyList, first, ['message-30', MARK_ALL_KEY]);
    expect(list.items?.find((m) => m.key === 'message-30')?.read).toBe(true);
    expect(list.unreadBeyond).toBe(0);
    expect(list.marking).toEqual(['message-30', MARK_ALL_KEY]);
  });

  it('marking shows the items read at once, beyond the loaded ones too, and queues the keys', () => {
    const list = { ...loaded(), ...marked(loaded(), ['message-10']) };
    expect(list.beyond[0]?.read).toBe(true);
    expect(unreadUnloaded(list)).toBe(0);
    expect(list.marking).toEqual(['message-10']);
    expect(withMarks(inbox([message(1)], []), ['message-1'])[0]?.read).toBe(true);
  });

  it('the calls: one item by its kind, every page by one call, the nudges each by their dismissal', () => {
    const list = loaded();
    expect(writeOf(fromMessage(message(30)))).toEqual({
      kind: 'message',
      key: 'message-30',
      pk: 30,
      nudge_type: null,
    });
    expect(readOne(list, 'message-30')).toMatchObject({ refresh: 'now' });
    expect(readOne(list, 'nudge-CONTACT-4')).toMatchObject({ refresh: 'none' });
    expect(readAll(list).map((w) => w.kind)).toEqual(['nudge', 'all']);
    expect(everyPage('blog')).toEqual({
      kind: 'blog',
      key: MARK_BLOG_KEY,
      pk: 0,
      nudge_type: null,
    });
  });

  it('something is unread while a page not loaded may hold it', () => {
    const list = loaded();
    expect(anyUnread(list)).toBe(true);
    const read = { ...list, ...marked(list, ['message-30', 'message-29', 'nudge-CONTACT-4']) };
    expect(anyUnread(read)).toBe(true);
    expect(anyUnread({ ...read, ...marked(read, [MARK_ALL_KEY]) }, () => false)).toBe(false);
  });
});

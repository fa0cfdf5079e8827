import { describe, expect, it } from 'vitest';
import {
  dismissalKind,
  inbox,
  isUnreadBlogMessage,
  markedRead,
  unreadCount,
  unreadFirst,
} from '../../src/lib/messages.js';
import { message, nudge } from './message-fixtures.js';

describe('the message center list (portal.md §3, §4)', () => {
  it('shows nudges beside the stored messages, newest first, each with its own key', () => {
    const items = inbox([message(1), message(2)], [nudge(1)]);
    expect(items.map((m) => m.key)).toEqual(['message-2', 'message-1', 'nudge-CONTACT-1']);
    expect(items[2]).toMatchObject({ is_nudge: true, read: false, nudge_type: 'CONTACT' });
  });

  it('newest first goes by the instant, whatever offset a time is written with', () => {
    const items = inbox(
      [
        message(1, { created_on: '2026-11-20T12:00:00Z' }),
        // 18:00 UTC: the newer, though its text sorts first.
        message(2, { created_on: '2026-11-20T10:00:00-08:00' }),
      ],
      [],
    );
    expect(items.map((m) => m.pk)).toEqual([2, 1]);
  });

  it('the Messages page lists unread messages first, then read ones', () => {
    const { unread, read } = unreadFirst(
      inbox([message(1), message(2, { read: true }), message(3)], []),
    );
    expect(unread.map((m) => m.pk)).toEqual([3, 1]);
    expect(read.map((m) => m.pk)).toEqual([2]);
  });

  it('dismissal goes by kind: nudges by nudge dismissal, app messages by an app-message read, others by set-read', () => {
    const [app, plain, n] = inbox([message(3, { app_message: true }), message(2)], [nudge(1)]);
    expect([app, plain, n].map((m) => m && dismissalKind(m))).toEqual(['app', 'message', 'nudge']);
  });

  it('DEPOSIT_INIT and DEPOSIT_CONFIRM are one nudge: dismissing one reads both', () => {
    const items = inbox(
      [],
      [
        nudge(1, { nudge_type: 'DEPOSIT_INIT' }),
        nudge(2, { nudge_type: 'DEPOSIT_CONFIRM' }),
        nudge(3),
      ],
    );
    const after = markedRead(items, 'nudge-DEPOSIT_INIT-1', '2026-11-21T00:00:00.000Z');
    expect(unreadCount(after)).toBe(1);
  });

  it("only unread What's New (blog) messages are marked read by opening whats-new", () => {
    const items = inbox(
      [message(1, { category: 'blog' }), message(2, { category: 'blog', read: true }), message(3)],
      [],
    );
    expect(items.filter(isUnreadBlogMessage).map((m) => m.pk)).toEqual([1]);
  });
});

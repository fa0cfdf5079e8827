/**
 * portal.md §3 Messages, §4 (unread → read, dismissal by kind): the message center's list is the
 * person's stored messages plus their SIS nudges, shown as messages (`is_nudge`).
 */
import type { Message } from '../../contract/messages.schema.js';
import type { Nudge, NudgeType } from '../../contract/sis/nudges.schema.js';

/** One entry of the message center; `key` is unique across messages and nudges. */
export type InboxMessage = Message & { key: string; nudge_type: NudgeType | null };

export const fromMessage = (m: Message): InboxMessage => ({
  ...m,
  key: `message-${m.pk}`,
  nudge_type: null,
});

/** A nudge is unread until dismissed; dismissing it is its read (portal.md §4). */
export const fromNudge = (n: Nudge): InboxMessage => ({
  pk: n.pk,
  title: n.title,
  body: n.body,
  read: false,
  user_read_on: null,
  created_on: n.created_on,
  action_link: null,
  display_as_banner: n.display_as_banner,
  is_nudge: true,
  app_message: false,
  category: 'general',
  expires_on: null,
  key: `nudge-${n.nudge_type}-${n.pk}`,
  nudge_type: n.nudge_type,
});

/** By instant (not by text: a locale-aware comparison costs the first screen its collator set-up). */
const newestFirst = (a: InboxMessage, b: InboxMessage) =>
  Date.parse(b.created_on) - Date.parse(a.created_on);

/** The message center's list: stored messages and nudges together, newest first. */
export const inbox = (messages: readonly Message[], nudges: readonly Nudge[]): InboxMessage[] =>
  [...messages.map(fromMessage), ...nudges.map(fromNudge)].sort(newestFirst);

/** portal.md §3 Messages page: unread first, then read; newest first within each. */
export function unreadFirst(items: readonly InboxMessage[]): {
  unread: InboxMessage[];
  read: InboxMessage[];
} {
  return { unread: items.filter((m) => !m.read), read: items.filter((m) => m.read) };
}

export const unreadCount = (items: readonly InboxMessage[]) => items.filter((m) => !m.read).length;

/**
 * How an item is marked read (portal.md §4): nudges through nudge dismissal, app messages through an
 * app-message read, emergency alerts through their own read, others through set-read then a refresh.
 */
export type DismissalKind = 'nudge' | 'app' | 'emergency' | 'message';

export function dismissalKind(m: InboxMessage): Exclude<DismissalKind, 'emergency'> {
  if (m.is_nudge) return 'nudge';
  if (m.app_message) return 'app';
  return 'message';
}

/** What's New announcements (portal.md §4): opening whats-new marks the unread ones read. */
export const isUnreadBlogMessage = (m: InboxMessage) =>
  !m.read && !m.is_nudge && m.category === 'blog';

/** portal.md §7: DEPOSIT_INIT and DEPOSIT_CONFIRM are one DEPOSIT nudge, dismissed together. */
export const nudgeCode = (type: NudgeType) =>
  type === 'DEPOSIT_INIT' || type === 'DEPOSIT_CONFIRM' ? 'DEPOSIT' : type;

/** Marks one item read locally; dismissing a nudge reads every nudge with the same code. */
export function markedRead(
  items: readonly InboxMessage[],
  key: string,
  at: string,
): InboxMessage[] {
  const target = items.find((m) => m.key === key);
  if (!target) return [...items];
  const code = target.nudge_type && nudgeCode(target.nudge_type);
  return items.map((m) =>
    m.key === key || (code !== null && m.nudge_type !== null && nudgeCode(m.nudge_type) === code)
      ? { ...m, read: true, user_read_on: m.user_read_on ?? at }
      : m,
  );
}

/**
 * portal.md §5: links in messages are auto-linked only when they start with http (http:// or
 * https://); anything else — `www.` addresses, e-mail addresses, `javascript:` — stays text.
 */
export const isAutoLinkable = (value: string, type: string) =>
  type === 'url' && /^https?:\/\/\S/i.test(value);

/**
 * Issue 87: the keys of the marks that cover every stored message ("Mark all read") or every blog
 * one (What's New), on every page, loaded or not: one call each.
 */
export const MARK_ALL_KEY = 'messages-all';
export const MARK_BLOG_KEY = 'messages-blog';

/** The items' keys these marks cover: their own, and every stored (blog) one a mark of all covers. */
export function keysMarked(items: readonly InboxMessage[], marks: readonly string[]): string[] {
  const all = marks.includes(MARK_ALL_KEY);
  const blog = marks.includes(MARK_BLOG_KEY);
  const covered = items.filter((m) => !m.is_nudge && (all || (blog && m.category === 'blog')));
  return [...marks, ...covered.map((m) => m.key)];
}

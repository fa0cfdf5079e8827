/**
 * The message center's list (portal.md §3 Messages, §9; issue 87): the loaded messages and nudges,
 * the banner's unread messages on pages not loaded, and the marks still being made. These rules make
 * the list from an answer, from a further page and from marks; messages.machine.ts applies them.
 */
import type { Message, MessagePage } from '../../contract/messages.schema.js';
import type { Nudge } from '../../contract/sis/nudges.schema.js';
import { bannerBeyond, byDate, keptAfter, unreadStored, withPage } from './message-pages.js';
import {
  MARK_ALL_KEY,
  MARK_BLOG_KEY,
  dismissalKind,
  inbox,
  keysMarked,
  markedRead,
} from './messages.js';
import type { InboxMessage } from './messages.js';

export interface MessageList {
  items: InboxMessage[];
  /** Issue 87: the cursor of the next page, null when the list is all loaded. */
  next: string | null;
  /** How many pages are loaded: a refresh of the first keeps the others. */
  pages: number;
  /** How many unread stored messages are on pages not loaded, as the last answer counted. */
  unreadBeyond: number;
  /** The banner's unread messages on pages not loaded (portal.md §9: of the whole list). */
  beyond: InboxMessage[];
  /** The keys the last "Show more" added: focus goes to the first. */
  added: string[];
  /** The marks still queued (the write queue's last report, and those since). */
  marking: string[];
}

export const emptyList: MessageList = {
  items: [],
  next: null,
  pages: 1,
  unreadBeyond: 0,
  beyond: [],
  added: [],
  marking: [],
};

/** An answer of the first page (messages-data.ts): absent, `next`, `unread`, `banner` are of it. */
export interface FirstPage {
  messages: Message[];
  nudges: Nudge[];
  next?: string | null;
  unread?: number;
  banner?: Message[];
}

/** The call that marks one item read (message-writes.machine.ts' MessageWrite). */
export const writeOf = (m: InboxMessage) => ({
  kind: dismissalKind(m),
  key: m.key,
  pk: m.pk,
  nudge_type: m.nudge_type,
});

/** A mark of every page's stored messages (`all`) or blog ones (`blog`), one call (issue 87). */
export const everyPage = (kind: 'all' | 'blog') => ({
  kind,
  key: kind === 'all' ? MARK_ALL_KEY : MARK_BLOG_KEY,
  pk: 0,
  nudge_type: null,
});

/** The items these marks cover shown read: a refresh must not bring back what is being marked. */
export const withMarks = (items: InboxMessage[], marks: readonly string[]) =>
  keysMarked(items, marks).reduce(
    (list, key) => markedRead(list, key, new Date().toISOString()),
    items,
  );

/** The loaded items and the banner's unread messages beyond them: what can be marked read. */
export const known = (list: MessageList) => [...list.items, ...list.beyond];

/** How many stored messages on pages not loaded are unread, as far as the browser knows. */
export const unreadUnloaded = (list: MessageList) =>
  Math.max(0, list.unreadBeyond - list.beyond.filter((m) => m.read).length);

/** Whether an item counts (unread, by default) or may, on a page not loaded. */
export const anyUnread = (list: MessageList, unread = (m: InboxMessage) => !m.read) =>
  known(list).some(unread) || unreadUnloaded(list) > 0;

/** The marks of one item read; a stored message's asks for a refresh at once. */
export function readOne(list: MessageList, key: string) {
  const items = known(list).filter((m) => m.key === key);
  const now = items.some((m) => dismissalKind(m) === 'message');
  return { writes: items.map(writeOf), refresh: now ? ('now' as const) : ('none' as const) };
}

/** "Mark all read": the nudges each by their dismissal; every stored message, on every page, by one call. */
export const readAll = (list: MessageList) => [
  ...known(list)
    .filter((m) => m.is_nudge && !m.read)
    .map(writeOf),
  everyPage('all'),
];

/** The list with these marks shown made, and queued. */
export function marked(list: MessageList, keys: readonly string[]): Partial<MessageList> {
  return {
    items: withMarks(list.items, keys),
    beyond: withMarks(list.beyond, keys),
    unreadBeyond: keys.includes(MARK_ALL_KEY) ? 0 : list.unreadBeyond,
    marking: [...list.marking, ...keys],
  };
}

/**
 * The list from an answer of the first page, the marks still queued shown made. A refresh keeps the
 * pages loaded after the first (issue 87); an answer that came before a queued mark of all is marked.
 */
export function stored(
  list: MessageList,
  data: FirstPage,
  marking: readonly string[],
): Partial<MessageList> {
  const next = data.next ?? null;
  const kept = list.pages > 1 ? keptAfter(list.items, { ...data, next }) : [];
  const items = [...inbox(data.messages, data.nudges), ...kept].sort(byDate);
  const unread = data.unread ?? unreadStored(items);
  return {
    items: withMarks(items, marking),
    next: kept.length > 0 ? list.next : next,
    pages: kept.length > 0 ? list.pages : 1,
    unreadBeyond: marking.includes(MARK_ALL_KEY) ? 0 : Math.max(0, unread - unreadStored(items)),
    beyond: withMarks(bannerBeyond(data.banner ?? [], items), marking),
    marking: [...marking],
  };
}

/** The list with a further page after it; a page answered before a queued mark shows it made. */
export function appended(list: MessageList, page: MessagePage): Partial<MessageList> {
  const { items, added } = withPage(list.items, page.messages);
  const keys = new Set(added.map((m) => m.key));
  return {
    items: withMarks(items, list.marking),
    next: page.next,
    pages: list.pages + 1,
    unreadBeyond: Math.max(0, list.unreadBeyond - unreadStored(added)),
    beyond: list.beyond.filter((m) => !keys.has(m.key)),
    added: added.map((m) => m.key),
  };
}

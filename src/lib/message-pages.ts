/**
 * Issue 87: the message center's list a page at a time. The API answers the newest page, the cursor
 * of the next, and what holds of the whole list (how many are unread, the banner's newest unread);
 * these rules join the pages the browser has loaded, and a refresh of the first page with them.
 */
import type { Message } from '../../contract/messages.schema.js';
import { fromMessage } from './messages.js';
import type { InboxMessage } from './messages.js';

/** Whether `a` comes after `b` in the list: older, or as old with a lower pk (the API's order). */
export const olderThan = (a: Pick<Message, 'created_on' | 'pk'>, b: Message): boolean => {
  const at = Date.parse(a.created_on);
  const bt = Date.parse(b.created_on);
  return at < bt || (at === bt && a.pk < b.pk);
};

/** Newest first, as `inbox` orders them. */
export const byDate = (a: InboxMessage, b: InboxMessage) =>
  Date.parse(b.created_on) - Date.parse(a.created_on);

/** The list with a further page's messages after it (none twice), newest first. */
export function withPage(items: readonly InboxMessage[], page: readonly Message[]) {
  const known = new Set(items.map((m) => m.key));
  const added = page.map(fromMessage).filter((m) => !known.has(m.key));
  return { items: [...items, ...added].sort(byDate), added };
}

/**
 * A refresh's first page with the pages loaded after it kept: every stored message the fresh page
 * does not reach (older than its last). Without a next page the fresh answer is the whole list.
 */
export function keptAfter(
  items: readonly InboxMessage[],
  fresh: { messages: readonly Message[]; next: string | null },
): InboxMessage[] {
  const last = fresh.messages.at(-1);
  if (fresh.next === null || !last) return [];
  return items.filter((m) => !m.is_nudge && olderThan(m, last));
}

/** The banner's unread messages the loaded list does not hold. */
export const bannerBeyond = (banner: readonly Message[], items: readonly InboxMessage[]) => {
  const known = new Set(items.map((m) => m.key));
  return banner.map(fromMessage).filter((m) => !known.has(m.key));
};

/** How many unread stored messages a list holds. */
export const unreadStored = (items: readonly InboxMessage[]) =>
  items.filter((m) => !m.is_nudge && !m.read).length;

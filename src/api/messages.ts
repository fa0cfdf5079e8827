import {
  markedAllSchema,
  messagePageSchema,
  messageSchema,
} from '../../contract/messages.schema.js';
import type { MarkedAll, Message, MessagePage } from '../../contract/messages.schema.js';
import { nudgesSchema } from '../../contract/sis/nudges.schema.js';
import type { Nudge } from '../../contract/sis/nudges.schema.js';
import { hasLinks, loadAutoLinker } from '../lib/rich-text.js';
import type { Http } from './client.js';

/**
 * portal.md §7 `GET /api/notifications/user`: a page of the person's messages, newest first (issue
 * 87): the first without `after`, else the one after that cursor (a page's `next`).
 */
export async function fetchMessages(http: Http, after?: string): Promise<MessagePage> {
  const options = after === undefined ? {} : { searchParams: { after } };
  const page = messagePageSchema.parse(await http.get('notifications/user', options).json());
  // The auto-linker comes only with messages that have an address to link, and holds nothing up.
  if (hasLinks([...page.messages, ...page.banner].map((m) => m.body)))
    loadAutoLinker().catch(() => {});
  return page;
}

/** portal.md §7 `PATCH /api/notifications/{pk}` with `user_read_on`: marks one read. */
export async function markMessageRead(http: Http, pk: number, at: Date): Promise<Message> {
  const answer = await http
    .patch(`notifications/${pk}`, { json: { user_read_on: at.toISOString() } })
    .json();
  return messageSchema.parse(answer);
}

/**
 * `POST /api/notifications/read` (issue 87): marks every message read, on every page, loaded or not;
 * with `category`, only that category's (What's New: `blog`).
 */
export async function markAllMessagesRead(
  http: Http,
  at: Date,
  category?: 'blog',
): Promise<MarkedAll> {
  const json = { user_read_on: at.toISOString(), ...(category ? { category } : {}) };
  return markedAllSchema.parse(await http.post('notifications/read', { json }).json());
}

/** `GET /api/integrations/finti/nudges`: the person's open nudges. */
export async function fetchNudges(http: Http): Promise<Nudge[]> {
  return nudgesSchema.parse(await http.get('integrations/finti/nudges').json());
}

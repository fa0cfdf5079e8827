import { messageSchema, messagesSchema } from '../../contract/messages.schema.js';
import type { Message } from '../../contract/messages.schema.js';
import { nudgesSchema } from '../../contract/sis/nudges.schema.js';
import type { Nudge } from '../../contract/sis/nudges.schema.js';
import { hasLinks, loadAutoLinker } from '../lib/rich-text.js';
import type { Http } from './client.js';

/** portal.md §7 `GET /api/notifications/user`: the person's messages, newest first. */
export async function fetchMessages(http: Http): Promise<Message[]> {
  const messages = messagesSchema.parse(await http.get('notifications/user').json());
  // The auto-linker comes only with messages that have an address to link, and holds nothing up.
  if (hasLinks(messages.map((m) => m.body))) loadAutoLinker().catch(() => {});
  return messages;
}

/** portal.md §7 `PATCH /api/notifications/{pk}` with `user_read_on`: marks one read. */
export async function markMessageRead(http: Http, pk: number, at: Date): Promise<Message> {
  const answer = await http
    .patch(`notifications/${pk}`, { json: { user_read_on: at.toISOString() } })
    .json();
  return messageSchema.parse(answer);
}

/** `GET /api/integrations/finti/nudges`: the person's open nudges. */
export async function fetchNudges(http: Http): Promise<Nudge[]> {
  return nudgesSchema.parse(await http.get('integrations/finti/nudges').json());
}

import { pushMessageSchema } from '../contract/push.schema.js';

/** What a notification shows when the push carried nothing readable. */
export const FALLBACK_MESSAGE = { title: 'Campus Portal', body: '', url: '/', tag: 'portal' };

/**
 * The message the server pushed (contract/push.schema.ts), parsed with its schema; anything else:
 * the fallback. Its address stays on this site (a path), whatever the push said.
 */
export function pushMessageOf(data: { json: () => unknown } | null) {
  let raw: unknown = null;
  try {
    raw = data ? data.json() : null;
  } catch {
    raw = null;
  }
  const parsed = pushMessageSchema.safeParse(raw);
  if (!parsed.success) return FALLBACK_MESSAGE;
  const message = parsed.data;
  return { ...message, url: message.url.startsWith('//') ? '/' : message.url };
}

/** Where a click on a notification goes: the path it names on this site, else the home page. */
export function notificationTarget(data: unknown, origin: string): string {
  const path =
    typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string'
      ? data.url
      : '/';
  const safe = path.startsWith('/') && !path.startsWith('//') ? path : '/';
  return new URL(safe, origin).href;
}

/**
 * portal.md §2 banner message area, §8 hold and nudge texts, §9: at most 5 unread messages, 1 hold
 * line and 1 nudge line.
 */
import type { NudgeType } from '../../contract/sis/nudges.schema.js';
import type { InboxMessage } from './messages.js';

export const BANNER_MESSAGE_LIMIT = 5;

export const HOLD_BANNER_TEXT =
  'There is a hold on your student account that might affect course registration. Please visit the Account page for more information.';
export const NUDGE_BANNER_TEXT =
  'There is information you need to confirm or update in the message center.';

export type BannerLine =
  | { kind: 'hold'; key: 'hold'; text: string }
  | { kind: 'nudge'; key: 'nudge'; text: string; messageKeys: string[]; types: NudgeType[] }
  | { kind: 'message' | 'app'; key: string; message: InboxMessage };

export interface BannerInput {
  messages: readonly InboxMessage[];
  /**
   * How many holds the hold line stands for (0 when none, dismissed, or not read). The line shows
   * also where the profile summary lists the holds (portal.md §4, §8; issue 57).
   */
  holdCount: number;
}

const forBanner = (m: InboxMessage) => !m.read && m.display_as_banner;

/** The banner's lines in order: the hold line, the nudge line, then up to 5 unread messages. */
export function bannerLines({ messages, holdCount }: BannerInput): BannerLine[] {
  const lines: BannerLine[] = [];
  if (holdCount > 0) {
    lines.push({ kind: 'hold', key: 'hold', text: HOLD_BANNER_TEXT });
  }
  const nudges = messages.filter((m) => m.is_nudge && forBanner(m));
  if (nudges.length > 0) {
    lines.push({
      kind: 'nudge',
      key: 'nudge',
      text: NUDGE_BANNER_TEXT,
      messageKeys: nudges.map((n) => n.key),
      types: nudges.flatMap((n) => (n.nudge_type ? [n.nudge_type] : [])),
    });
  }
  const shown = messages.filter((m) => !m.is_nudge && forBanner(m)).slice(0, BANNER_MESSAGE_LIMIT);
  for (const message of shown) {
    lines.push({ kind: message.app_message ? 'app' : 'message', key: message.key, message });
  }
  return lines;
}

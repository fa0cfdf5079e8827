import { describe, expect, it } from 'vitest';
import { HOLD_BANNER_TEXT, NUDGE_BANNER_TEXT, bannerLines } from '../../src/lib/banner-rules.js';
import { inbox } from '../../src/lib/messages.js';
import { message, nudge } from './message-fixtures.js';

const seven = [1, 2, 3, 4, 5, 6, 7].map((pk) => message(pk));

describe('banner lines (portal.md §9, §8)', () => {
  it('the banner shows at most 5 unread messages, 1 hold line and 1 nudge line (7 unread messages, 2 holds, 2 nudges)', () => {
    const lines = bannerLines({
      messages: inbox(seven, [nudge(1), nudge(2, { nudge_type: 'APC' })]),
      holdCount: 2,
    });
    expect(lines.map((l) => l.kind)).toEqual([
      'hold',
      'nudge',
      'message',
      'message',
      'message',
      'message',
      'message',
    ]);
    // The newest five.
    expect(lines.slice(2).map((l) => l.key)).toEqual([7, 6, 5, 4, 3].map((pk) => `message-${pk}`));
  });

  it('the hold line and the nudge line read exactly as the error catalogue says', () => {
    const lines = bannerLines({
      messages: inbox([], [nudge(1)]),
      holdCount: 1,
    });
    expect(lines[0]).toMatchObject({
      text: 'There is a hold on your student account that might affect course registration. Please visit the Account page for more information.',
    });
    expect(lines[1]).toMatchObject({
      text: 'There is information you need to confirm or update in the message center.',
    });
    expect([HOLD_BANNER_TEXT, NUDGE_BANNER_TEXT]).toEqual(
      lines.map((l) => ('text' in l ? l.text : '')),
    );
  });

  it('the hold line for students (portal.md §4, §8): the exact sentence first, also where the profile summary lists the holds', () => {
    const lines = bannerLines({ messages: inbox([message(1)], [nudge(2)]), holdCount: 1 });
    expect(lines.map((l) => l.kind)).toEqual(['hold', 'nudge', 'message']);
    expect(lines[0]).toEqual({
      kind: 'hold',
      key: 'hold',
      text: 'There is a hold on your student account that might affect course registration. Please visit the Account page for more information.',
    });
  });

  it('read messages, messages not marked display_as_banner and nudges not for the banner stay off it', () => {
    const lines = bannerLines({
      messages: inbox(
        [message(1, { read: true }), message(2, { display_as_banner: false })],
        [nudge(3, { display_as_banner: false })],
      ),
      holdCount: 0,
    });
    expect(lines).toEqual([]);
  });

  it('an app message is a line of its own kind, so its dismissal goes through the app-message read', () => {
    const [line] = bannerLines({
      messages: inbox([message(1, { app_message: true })], []),
      holdCount: 0,
    });
    expect(line?.kind).toBe('app');
  });
});

import { describe, expect, it } from 'vitest';
import { CHANNELS, channelOf } from '../../../../server/notify/channels/index.js';
import { heldByQuietHours } from '../../../../server/notify/quiet-hours.js';

describe('the channel registry', () => {
  it('quiet hours hold push and text jobs, never email, and never an emergency alert', () => {
    expect(heldByQuietHours('push', 'messages')).toBe(true);
    expect(heldByQuietHours('sms', 'deadlines')).toBe(true);
    expect(heldByQuietHours('email', 'deadlines')).toBe(false);
    expect(heldByQuietHours('push', 'alerts')).toBe(false);
  });

  it('a job of a channel this process does not know has no module (and is never held)', () => {
    expect(channelOf('pager')).toBeUndefined();
    expect(channelOf('toString')).toBeUndefined();
    expect(channelOf('email')).toBe(CHANNELS.email);
    expect(heldByQuietHours('pager', 'deadlines')).toBe(false);
  });

  it('a planner reaches a person by email and text by their contact, and by push on each device', () => {
    const contact = { byEmail: null, byText: 1, smsNumber: '+15035550142' };
    const devices = [
      { id: 4, user_id: 9 },
      { id: 5, user_id: 9 },
    ];
    expect(CHANNELS.email.targets(9, contact, devices)).toEqual([{ userId: 9 }]);
    expect(CHANNELS.sms.targets(9, contact, devices)).toEqual([{ userId: 9 }]);
    expect(CHANNELS.push.targets(9, contact, devices)).toEqual([
      { userId: 9, subscriptionId: 4 },
      { userId: 9, subscriptionId: 5 },
    ]);
    expect(CHANNELS.sms.targets(9, { byText: 0, smsNumber: '+1503' }, [])).toEqual([]);
  });
});

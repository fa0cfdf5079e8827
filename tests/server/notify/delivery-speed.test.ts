import { describe, expect, it } from 'vitest';
import type { DeliveryTimingRow } from '../../../server/db/repositories/reach.repository.js';
import { deliverySpeed, durationText } from '../../../server/notify/delivery-speed.js';

const timing = (o: Partial<DeliveryTimingRow> & { key: string }): DeliveryTimingRow => ({
  channel: 'email',
  jobs: 1,
  sent: 1,
  firstCreatedAt: '2026-11-22T10:00:05.000Z',
  payload: null,
  p50At: null,
  p95At: null,
  p100At: null,
  ...o,
});

describe('delivery speed', () => {
  it('times a message’s channels from the message’s creation, and an alert from its first push job', () => {
    const speed = deliverySpeed({
      messages: [{ id: 7, title: 'Snow day', createdOn: '2026-11-22T10:00:00.000Z' }],
      timings: [
        timing({
          key: 'message:7',
          channel: 'push',
          p50At: '2026-11-22T10:00:30.000Z',
          p95At: '2026-11-22T10:04:05.000Z',
          p100At: '2026-11-22T12:03:00.000Z',
        }),
        timing({ key: 'message:7', channel: 'email', p50At: '2026-11-22T10:00:01.000Z' }),
        timing({
          key: 'alert:urn:a:1:push:',
          channel: 'push',
          firstCreatedAt: '2026-11-22T11:00:00.000Z',
          payload: JSON.stringify({ title: 'Shelter in place' }),
          p50At: '2026-11-22T11:00:09.000Z',
        }),
        // A message outside the window's list, and a key that is neither: left out.
        timing({ key: 'message:8' }),
        timing({ key: 'reminder:1' }),
      ],
      failures: [
        { key: 'message:7', channel: 'email', state: 'dropped', reason: 'SMTP 550', count: 2 },
        { key: 'message:7', channel: 'email', state: 'failed', reason: '', count: 5 },
        { key: 'message:7', channel: 'email', state: 'running', reason: 'x', count: 9 },
      ],
    });
    expect(speed.map((s) => [s.kind, s.id, s.title])).toEqual([
      ['alert', 'urn:a:1', 'Shelter in place'],
      ['message', '7', 'Snow day'],
    ]);
    expect(speed[0]?.channels[0]).toMatchObject({ p50Seconds: 9, p95Seconds: null });
    const [email, push] = speed[1]?.channels ?? [];
    expect(push).toMatchObject({ p50Seconds: 30, p95Seconds: 245, p100Seconds: 7380 });
    expect(email?.failures).toEqual([
      { state: 'failed', reason: 'no reason recorded', count: 5 },
      { state: 'dropped', reason: 'SMTP 550', count: 2 },
    ]);
  });

  it.each([
    [null, '—'],
    [0, '0 s'],
    [59, '59 s'],
    [60, '1 min'],
    [245, '4 min 5 s'],
    [7380, '2 h 3 min'],
    [7200, '2 h'],
  ])('reads %j seconds as %j', (seconds, text) => {
    expect(durationText(seconds)).toBe(text);
  });
});

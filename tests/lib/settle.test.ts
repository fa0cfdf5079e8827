import { describe, expect, it, vi } from 'vitest';
import { settled } from '../../src/lib/settle.js';

describe('settled: a render waits until its page has nothing left to do (issue 75)', () => {
  it('waits while a call is under way and until the actors have stopped moving', async () => {
    let calls = 1;
    let changes = 0;
    const order: string[] = [];
    const answered = new Promise<void>((resolve) =>
      setTimeout(() => {
        calls = 0;
        changes += 1;
        order.push('answered');
        resolve();
      }, 20),
    );
    const done = settled(
      () => calls,
      () => changes,
      1_000,
    ).then((still) => {
      order.push('settled');
      return still;
    });
    await answered;
    expect(await done).toBe(true);
    expect(order).toEqual(['answered', 'settled']);
  });

  it('waits by turns of the event loop, not by timers: it answers with every timer held', async () => {
    // Timers held (fake, never advanced): a wait made of timers would never answer.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    try {
      expect(
        await settled(
          () => 0,
          () => 0,
          1_000,
        ),
      ).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up, answering false, when the page keeps moving past its limit', async () => {
    let changes = 0;
    let moving = true;
    // An actor that moves on every turn of the loop.
    const move = () => {
      changes += 1;
      if (moving) setImmediate(move);
    };
    move();
    try {
      expect(
        await settled(
          () => 0,
          () => changes,
          30,
        ),
      ).toBe(false);
    } finally {
      moving = false;
    }
  });
});

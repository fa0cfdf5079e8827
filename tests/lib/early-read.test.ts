import { describe, expect, it, vi } from 'vitest';
import {
  EARLY_READ_MS,
  sharedFirstRead,
  startEarlyRead,
  takeEarlyRead,
} from '../../src/lib/early-read.js';
import type { EarlyRead } from '../../src/lib/early-read.js';

const startedAt = (at: number): EarlyRead<null> => ({
  at,
  answer: Promise.resolve(null),
  taken: false,
});

describe('a read started early', () => {
  it('is taken once: a retry reads anew', () => {
    const read = startedAt(1_000);
    expect(takeEarlyRead(read, 1_500)).toBe(read.answer);
    expect(takeEarlyRead(read, 1_600)).toBeNull();
  });

  it('is not taken once it is EARLY_READ_MS old: its reader came too late', () => {
    expect(takeEarlyRead(startedAt(1_000), 1_000 + EARLY_READ_MS - 1)).not.toBeNull();
    expect(takeEarlyRead(startedAt(1_000), 1_000 + EARLY_READ_MS)).toBeNull();
  });

  it('is nothing to take when the loader started none (a staff preview)', () => {
    expect(takeEarlyRead(null, 0)).toBeNull();
    expect(takeEarlyRead(undefined, 0)).toBeNull();
  });

  it('that failed is no unhandled rejection: its reader hears of the failure when it takes it', async () => {
    const read = startEarlyRead(Promise.reject(new Error('down')), 0);
    await new Promise((resolve) => setTimeout(resolve));
    await expect(takeEarlyRead(read, 1)).rejects.toThrow('down');
  });
});

describe('a read two readers of the first load share', () => {
  it('is asked for once: the second reader takes the first one’s answer, and every later ask reads anew', async () => {
    let n = 0;
    const read = vi.fn(async () => ++n);
    const holds = sharedFirstRead(read);
    expect(await holds()).toBe(1);
    expect(await holds()).toBe(1);
    expect(read).toHaveBeenCalledTimes(1);
    expect(await holds()).toBe(2);
    expect(await holds()).toBe(3);
  });

  it('is read anew when the second reader comes after EARLY_READ_MS', async () => {
    vi.useFakeTimers();
    try {
      const read = vi.fn(async () => 'answer');
      const holds = sharedFirstRead(read);
      await holds();
      vi.advanceTimersByTime(EARLY_READ_MS);
      await holds();
      expect(read).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

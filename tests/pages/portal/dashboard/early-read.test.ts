import { describe, expect, it } from 'vitest';
import { EARLY_READ_MS, takeEarlyRead } from '../../../../src/pages/portal/dashboard/early-read.js';
import type { EarlyRead } from '../../../../src/pages/portal/dashboard/early-read.js';

const startedAt = (at: number): EarlyRead => ({
  at,
  answer: Promise.resolve(null),
  taken: false,
});

describe("the dashboard's early read", () => {
  it('is taken once: a retry reads anew', () => {
    const read = startedAt(1_000);
    expect(takeEarlyRead(read, 1_500)).toBe(read.answer);
    expect(takeEarlyRead(read, 1_600)).toBeNull();
  });

  it('is not taken once it is five seconds old: the page did not render in time', () => {
    expect(takeEarlyRead(startedAt(1_000), 1_000 + EARLY_READ_MS - 1)).not.toBeNull();
    expect(takeEarlyRead(startedAt(1_000), 1_000 + EARLY_READ_MS)).toBeNull();
  });

  it('is nothing to take when the loader started none (a staff preview)', () => {
    expect(takeEarlyRead(null, 0)).toBeNull();
  });
});

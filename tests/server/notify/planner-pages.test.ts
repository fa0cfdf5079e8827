import { describe, expect, it } from 'vitest';
import { planPages } from '../../../server/notify/planner-pages.js';
import type { PlannedPerson } from '../../../server/notify/planner-pages.js';

const TOPIC = 7;
const person = (userId: number, chose: boolean): PlannedPerson & { key: string } => ({
  key: `row-${String(userId)}`,
  userId,
  notifications: JSON.stringify(chose ? [1, TOPIC] : [1]),
  email: 1,
  byText: 0,
  smsNumber: null,
});

describe("a timed reminder's planner pass, a page at a time (planner-pages.ts)", () => {
  it('reads every page after the last row of the one before, plans only the people who chose the topic, and adds up their jobs', async () => {
    const rows = [
      person(1, true),
      person(2, false),
      person(3, true),
      person(4, true),
      person(5, false),
    ];
    const asked: (string | undefined)[] = [];
    const read = async (after?: (typeof rows)[number]) => {
      asked.push(after?.key);
      const from = after ? rows.indexOf(after) + 1 : 0;
      return rows.slice(from, from + 2);
    };
    const planned: number[] = [];
    const total = await planPages(read, 2, TOPIC, undefined, async (row, reach) => {
      planned.push(row.userId);
      // By email alone: texts are off and no device is known.
      expect(reach.map((r) => r.channel)).toEqual(['email']);
      return 2;
    });
    expect(asked).toEqual([undefined, 'row-2', 'row-4']);
    expect(planned).toEqual([1, 3, 4]);
    expect(total).toBe(6);
  });

  it('plans nobody who cannot be reached: email off, no texts, no device', async () => {
    const unreachable = { ...person(1, true), email: 0 };
    const total = await planPages(
      async () => [unreachable],
      10,
      TOPIC,
      undefined,
      async () => 1,
    );
    expect(total).toBe(0);
  });
});

import type { Channel } from '../../contract/channel.schema.js';
import { eachChannel } from './channels/index.js';
import type { Target } from './channels/target.js';
import { yieldToLoop } from './open-deadlines.js';
import type { DevicesOf } from './push-plan.js';
import { choosesType } from './topics.js';

/** What a planner's row says of its person: their chosen topics and how they may be reached. */
export interface PlannedPerson {
  userId: number;
  /** Their chosen Next Steps notification types (JSON). */
  notifications: string;
  email: number | null;
  byText: number | null;
  smsNumber: string | null;
}

/** Each channel and target that reaches a row's person (channels/: one per device for push). */
export type Reach = { channel: Channel; target: Target }[];

/**
 * A timed reminder's planner pass (coursework-planner.ts, appointment-planner.ts): every row `read`
 * answers, a page of `pageSize` at a time, each after the last row of the one before, with a turn of
 * the event loop between pages (on SQLite a statement runs synchronously, and a campus's window holds
 * every student's rows); of each page the rows whose person chose `topicType`, with the channels that
 * reach them (their devices read at once for the page), handed to `plan`, which answers how many jobs
 * it added. Resolves to the pass's total.
 */
export async function planPages<Row extends PlannedPerson>(
  read: (after?: Row) => Promise<readonly Row[]>,
  pageSize: number,
  topicType: number,
  devicesOf: DevicesOf | undefined,
  plan: (row: Row, reach: Reach) => Promise<number>,
): Promise<number> {
  let added = 0;
  let page = await read();
  for (;;) {
    const chosen = page.filter((row) => choosesType(row.notifications, topicType));
    const devicesByUser = devicesOf
      ? await devicesOf([...new Set(chosen.map((row) => row.userId))])
      : new Map<number, never[]>();
    for (const row of chosen) {
      const devices = devicesByUser.get(row.userId) ?? [];
      const contact = { byEmail: row.email, byText: row.byText, smsNumber: row.smsNumber };
      const reach = eachChannel().flatMap(([channel, way]) =>
        way.targets(row.userId, contact, devices).map((target) => ({ channel, target })),
      );
      if (reach.length > 0) added += await plan(row, reach);
    }
    const last = page.at(-1);
    if (page.length < pageSize || !last) return added;
    await yieldToLoop();
    page = await read(last);
  }
}

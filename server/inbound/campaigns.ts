import type { CompletedBecause } from '../../contract/next-steps/task.schema.js';
import { APPOINTMENT_BOOKED } from '../../contract/next-steps/task.schema.js';
import { officeKey } from '../../contract/office.rules.js';
import type { Repositories } from '../db/repositories.js';
import { CAMPAIGNS_AT_ONCE } from '../db/repositories/campaigns.repository.js';
import { inChunks } from './chunks.js';

/**
 * Why an appointment completed a campaign, as `ns_user_tasks.completed_because` keeps it: the
 * student reads "Completed: appointment booked with Advising Center", the office as the booking
 * system named it.
 */
const becauseOf = (office: string): string =>
  JSON.stringify({ kind: APPOINTMENT_BOOKED, office } satisfies CompletedBecause);

/**
 * A campaign posted (or posted again): each of its people who has an appointment with its office
 * already booked (not cancelled, not over) has it completed at once, as that appointment's
 * publisher. Its people are read a page at a time, with a turn of the event loop between pages.
 */
export async function completeBooked(
  repos: Repositories,
  itemId: number,
  userIds: readonly number[],
  now: Date,
): Promise<void> {
  const item = await repos.inboundItems.byId(itemId);
  const office = item?.campaign_office ?? null;
  if (office === null) return;
  const at = now.toISOString();
  await inChunks(userIds, async (chunk) => {
    // The people of this chunk with a booked appointment of the office, by its publisher and its
    // spelling there (what the student reads): one completion for each.
    const groups = new Map<string, { from: string; office: string; ids: number[] }>();
    const seen = new Set<number>();
    for (const row of await repos.campaigns.bookedAmong(itemId, chunk, now)) {
      if (seen.has(row.userId) || row.office === null || officeKey(row.office) !== office) continue;
      seen.add(row.userId);
      const key = JSON.stringify([row.from, row.office]);
      const group = groups.get(key) ?? { from: row.from, office: row.office, ids: [] };
      group.ids.push(row.userId);
      groups.set(key, group);
    }
    for (const group of groups.values())
      await repos.campaigns.complete(itemId, group.ids, {
        at,
        by: group.from,
        because: becauseOf(group.office),
      });
  });
}

/**
 * An appointment (not cancelled) arrived for a person: every campaign of its office the person has
 * open is completed, as the appointment's publisher `from`. A later cancellation does not open it
 * again: the student booked, which is what the campaign asked.
 */
export async function completeByAppointment(
  repos: Repositories,
  userId: number,
  office: string | null | undefined,
  done: { at: Date; from: string },
): Promise<void> {
  const key = officeKey(office);
  if (key === null || office === null || office === undefined) return;
  const completion = { at: done.at.toISOString(), by: done.from, because: becauseOf(office) };
  // A page of the person's open campaigns at a time: each one completed leaves the next read.
  for (;;) {
    const open = await repos.campaigns.openFor(userId, key);
    let completed = 0;
    for (const itemId of open)
      completed += (await repos.campaigns.complete(itemId, [userId], completion)).length;
    if (open.length < CAMPAIGNS_AT_ONCE || completed === 0) return;
  }
}

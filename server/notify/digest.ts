import type { Repositories } from '../db/repositories.js';

/**
 * Which of `userIds` chose the daily digest (preference `daily_digest`): their deadline reminders
 * of a day come in one email at the campus morning hour instead of one email each. The one place the
 * choice is read.
 */
export async function wantsDailyDigest(
  repos: Repositories,
  userIds: readonly number[],
): Promise<Set<number>> {
  const chosen = new Set<number>();
  for (let i = 0; i < userIds.length; i += 500) {
    for (const id of await repos.preferences.dailyDigestChosen(userIds.slice(i, i + 500))) {
      chosen.add(id);
    }
  }
  return chosen;
}

/** Everyone who chose the daily digest (the digest planner reads only their records). */
export const dailyDigestReaders = (repos: Repositories): Promise<number[]> =>
  repos.preferences.dailyDigestReaders();

/** The ISO weekday of a calendar day (`YYYY-MM-DD`): 1 Monday … 7 Sunday. */
export const isoWeekday = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/** The ISO week (`2026-W48`) a calendar day (`YYYY-MM-DD`) falls in; its year is the Thursday's. */
export function isoWeek(day: string): string {
  const thursday = new Date(`${day}T00:00:00Z`);
  thursday.setUTCDate(thursday.getUTCDate() + 4 - isoWeekday(day));
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

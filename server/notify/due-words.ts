import { calendarDayWords, campusDate, eventTimeString } from '../time.js';

const DAY_MS = 86_400_000;

/** "today", "tomorrow", "in 3 days": campus calendar days from `now` to the deadline. */
export function dueIn(deadline: Date, now: Date, zone: string): string {
  const days = Math.round(
    (Date.parse(campusDate(deadline, zone)) - Date.parse(campusDate(now, zone))) / DAY_MS,
  );
  if (days <= 0) return 'today';
  return days === 1 ? 'tomorrow' : `in ${days} days`;
}

/** A deadline in the words of every reminder (email, text, push, digest). */
export interface DueWords {
  /** "tomorrow", "in 3 days" (dueIn). */
  when: string;
  /**
   * The deadline: a date-only one (next-steps/deadline.ts) as its campus day with no clock time,
   * "Thursday, November 26"; a timed one on the campus clock, "Thu, Nov 26, 2026, 6:00 PM PST".
   */
  due: string;
}

/** The words of a deadline at `deadline`, date-only when `day` (its `ends_on_day`) is given. */
export function dueWords(deadline: Date, day: string | null, now: Date, zone: string): DueWords {
  return {
    when: dueIn(deadline, now, zone),
    due: day === null ? eventTimeString(deadline, null, zone) : calendarDayWords(day),
  };
}

/** What follows "is due" in a reminder: "Thursday, November 26 (tomorrow)". */
export const duePhrase = (words: DueWords): string => `${words.due} (${words.when})`;

/** A reminder's push notification text: "Due tomorrow: <title>", "<title> is due <phrase>.". */
export function reminderPushText(taskTitle: string, words: DueWords) {
  return {
    title: `Due ${words.when}: ${taskTitle}`.slice(0, 200),
    body: `${taskTitle} is due ${duePhrase(words)}.`,
  };
}

import type { Language } from '../../contract/language.schema.js';
import { FORMAT_LOCALES } from '../../contract/language.schema.js';
import { translator } from '../i18n/catalogue.js';
import { calendarDayWords, campusDate, eventTimeString } from '../time.js';

const DAY_MS = 86_400_000;

/** "today", "tomorrow", "in 3 days" (hoy, mañana, en 3 días): campus calendar days to the deadline. */
export function dueIn(deadline: Date, now: Date, zone: string, language: Language = 'en'): string {
  const days = Math.max(
    0,
    Math.round(
      (Date.parse(campusDate(deadline, zone)) - Date.parse(campusDate(now, zone))) / DAY_MS,
    ),
  );
  const i18n = translator(language);
  return i18n._({
    id: 'notify.due.when',
    message: '{days, plural, =0 {today} =1 {tomorrow} other {in # days}}',
    values: { days },
  });
}

/** A deadline in the words of every reminder (email, text, push, digest). */
export interface DueWords {
  /** "tomorrow", "in 3 days" (dueIn). */
  when: string;
  /**
   * The deadline: a date-only one (db/date-only-end.ts) as its campus day with no clock time,
   * "Thursday, November 26" ("jueves, 26 de noviembre"); a timed one on the campus clock,
   * "Thu, Nov 26, 2026, 6:00 PM PST".
   */
  due: string;
  /** The language the words are in (the reader's); English when not given. */
  language?: Language;
}

/** A timed deadline in a language other than English, by Intl in the language's US locale. */
function timedDue(deadline: Date, zone: string, language: Language): string {
  return new Intl.DateTimeFormat(FORMAT_LOCALES[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
    timeZoneName: 'short',
  }).format(deadline);
}

/**
 * A coursework item's due time as search shows it (issue 76): in English portal.md §3's event form,
 * "Wed, Nov 4, 2026, 4:00 PM PST" or "Wed, Nov 4, 2026" for an all-day item; in another language
 * Intl's form in its US locale, "mié, 4 nov 2026, 4:00 p.m. PST".
 */
export function dueTimeText(due: Date, allDay: boolean, zone: string, language: Language): string {
  if (language === 'en') return eventTimeString(due, null, zone, allDay);
  if (!allDay) return timedDue(due, zone, language);
  return new Intl.DateTimeFormat(FORMAT_LOCALES[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: zone,
  }).format(due);
}

/** A calendar day (`YYYY-MM-DD`) with its weekday in a language other than English. */
function dayDue(day: string, language: Language): string {
  return new Intl.DateTimeFormat(FORMAT_LOCALES[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/**
 * The words of a deadline at `deadline`, date-only when `day` (its `ends_on_day`) is given, in the
 * reader's language. English keeps the words portal.md §3 gives (server/time.ts).
 */
export function dueWords(
  deadline: Date,
  day: string | null,
  now: Date,
  zone: string,
  language: Language = 'en',
): DueWords {
  const english = language === 'en';
  return {
    when: dueIn(deadline, now, zone, language),
    due:
      day === null
        ? english
          ? eventTimeString(deadline, null, zone)
          : timedDue(deadline, zone, language)
        : english
          ? calendarDayWords(day)
          : dayDue(day, language),
    language,
  };
}

/** What follows "is due" in a reminder: "Thursday, November 26 (tomorrow)". */
export function duePhrase(words: DueWords): string {
  const i18n = translator(words.language ?? 'en');
  return i18n._({
    id: 'notify.due.phrase',
    message: '{due} ({when})',
    values: { due: words.due, when: words.when },
  });
}

/** A reminder's push notification text: "Due tomorrow: <title>", "<title> is due <phrase>.". */
export function reminderPushText(taskTitle: string, words: DueWords) {
  const i18n = translator(words.language ?? 'en');
  return {
    title: i18n
      ._({
        id: 'notify.push.reminder.title',
        message: 'Due {when}: {title}',
        values: {
          when: words.when,
          title: taskTitle,
        },
      })
      .slice(0, 200),
    body: i18n._({
      id: 'notify.push.reminder.body',
      message: '{title} is due {phrase}.',
      values: { title: taskTitle, phrase: duePhrase(words) },
    }),
  };
}

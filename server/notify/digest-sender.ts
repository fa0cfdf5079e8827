import type { Language } from '../../contract/language.schema.js';
import type { NotifyJob } from '../db/repositories/notify-jobs.repository.js';
import { storedLanguage, translator } from '../i18n/catalogue.js';
import { campusDate } from '../time.js';
import { wantsDailyDigest } from './digest.js';
import { renderDigest } from './digest-email.js';
import type { DigestItem } from './digest-email.js';
import { deadlineRows, digestPayloadSchema, dueOnDay } from './digest-planner.js';
import type { DeadlineRow } from './digest-planner.js';
import type { SenderOptions } from './reminder-sender.js';
import { dueIn, dueWords } from './due-words.js';
import type { Outcome } from './outcome.js';

const DAY_MS = 86_400_000;

/** "was due today", "was due yesterday", "was due 4 days ago" on the campus calendar. */
export function dueAgo(deadline: Date, now: Date, zone: string, language: Language = 'en'): string {
  const days = Math.round(
    (Date.parse(campusDate(now, zone)) - Date.parse(campusDate(deadline, zone))) / DAY_MS,
  );
  const i18n = translator(language);
  return i18n._({
    id: 'notify.digest.was-due',
    message: '{days, plural, =0 {was due today} =1 {was due yesterday} other {was due # days ago}}',
    values: { days: Math.max(0, days) },
  });
}

/**
 * Sends one weekly or daily digest job after looking again: what is overdue (weekly) or what that
 * day's reminders are (daily) now; a digest with nothing left to say, or a daily digest its reader
 * no longer wants, is dropped with the reason. Consent and the topic are part of the second look
 * (deadlineRows reads both).
 */
export function digestSender(o: SenderOptions) {
  return async (job: NotifyJob): Promise<Outcome> => {
    const parsed = digestPayloadSchema.safeParse(JSON.parse(job.payload));
    if (!parsed.success) return { state: 'dropped', reason: 'unreadable payload' };
    const p = parsed.data;
    const now = o.clock();
    let rows: DeadlineRow[];
    if (p.kind === 'weekly') {
      rows = await deadlineRows(o.repos, now, 'overdue', job.user_id);
      if (rows.length === 0) return { state: 'dropped', reason: 'nothing overdue' };
    } else {
      if (!(await wantsDailyDigest(o.repos, [job.user_id])).has(job.user_id)) {
        return { state: 'dropped', reason: 'daily digest off' };
      }
      const ahead = await deadlineRows(o.repos, now, 'ahead', job.user_id);
      rows = dueOnDay(ahead, p.day, now, o.rules);
      if (rows.length === 0) return { state: 'dropped', reason: 'nothing due' };
    }
    const [user] = await o.repos.users.emailContacts([job.user_id]);
    if (!user?.email) return { state: 'dropped', reason: 'no email address' };
    const language = storedLanguage(user.language);
    const i18n = translator(language);
    const items: DigestItem[] = rows.map((row) => ({
      title: row.title,
      due: dueWords(row.deadline, row.day, now, o.timeZone, language).due,
      when:
        p.kind === 'weekly'
          ? dueAgo(row.deadline, now, o.timeZone, language)
          : i18n._({
              id: 'notify.digest.due-in',
              message: 'due {when}',
              values: { when: dueIn(row.deadline, now, o.timeZone, language) },
            }),
      url: `${o.publicOrigin}/next-steps/task/${row.taskId}`,
    }));
    const unsubscribe = o.tokens.link(o.publicOrigin, job.user_id, 'deadlines');
    const email = renderDigest({
      kind: p.kind,
      productName: o.productNames[language],
      firstName: user.firstName,
      items,
      listUrl: `${o.publicOrigin}/next-steps/`,
      preferencesUrl: `${o.publicOrigin}/next-steps/preferences`,
      unsubscribeUrl: unsubscribe.url,
      language,
    });
    // The mailer's outcome: sent, or dropped when the address or the server refuses for good.
    return o.mailer.send(
      {
        jobId: job.id,
        to: user.email,
        topic: 'deadlines',
        ...email,
        // Issue 59: the language the email is written in, for the reader's mail client.
        headers: { ...unsubscribe.headers, 'Content-Language': language },
      },
      now,
    );
  };
}

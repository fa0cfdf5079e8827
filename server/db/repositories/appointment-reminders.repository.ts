import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

/** The window of starts `AppointmentRemindersRepository.starting` reads. */
export interface AppointmentWindow {
  /** Starting strictly after this time. */
  after: Date;
  /** Starting at or before this time. */
  upTo: Date;
}

/** Where a page of `starting` starts: after this appointment, in the order start, id. */
export interface AppointmentCursor {
  startsAt: string;
  id: number;
}

/** A row of `AppointmentRemindersRepository.starting`. */
export type AppointmentStartRow = Awaited<
  ReturnType<AppointmentRemindersRepository['starting']>
>[number];

/** The appointment a reminder is about, as it is now (`AppointmentRemindersRepository.appointment`). */
export type AppointmentNowRow = NonNullable<
  Awaited<ReturnType<AppointmentRemindersRepository['appointment']>>
>;

/**
 * The queries of appointments that notify's appointment reminders make (issue 92;
 * notify/appointment-planner.ts, appointment-sender.ts, push-sender.ts). Times are ISO-8601 UTC text
 * of one length (appointments.repository.ts), so text order is time order on both stores.
 */
export class AppointmentRemindersRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * The appointments not cancelled starting in the window, each with when it got its start
   * (`timed_at`, migration 056; a row without one: its last write), its person's chosen Next Steps
   * notifications and contact preferences (no row: defaults); only people Next Steps knows. Soonest
   * first.
   */
  starting(w: AppointmentWindow, limit: number, after?: AppointmentCursor) {
    return this.db
      .selectFrom('appointments as a')
      .innerJoin('ns_user_preferences as np', 'np.user_id', 'a.user_id')
      .leftJoin('preferences as p', 'p.user_id', 'a.user_id')
      .select([
        'a.id',
        'a.user_id as userId',
        'a.starts_at as startsAt',
        sql<string>`coalesce(a.timed_at, a.updated_at)`.as('timedAt'),
        'np.notifications',
        'p.contact_by_email as email',
        'p.contact_by_text as byText',
        'p.sms_number as smsNumber',
      ])
      .where('a.cancelled', '=', 0)
      .where('a.starts_at', '>', w.after.toISOString())
      .where('a.starts_at', '<=', w.upTo.toISOString())
      .$if(after !== undefined, (q) =>
        q.where((eb) => {
          const c = after ?? { startsAt: '', id: 0 };
          return eb.or([
            eb('a.starts_at', '>', c.startsAt),
            eb.and([eb('a.starts_at', '=', c.startsAt), eb('a.id', '>', c.id)]),
          ]);
        }),
      )
      .orderBy('a.starts_at')
      .orderBy('a.id')
      .limit(limit)
      .execute();
  }

  /**
   * The appointment a reminder is about, as it is now, with what its senders check and say: with
   * whom, when, where, whether it was cancelled, the person's address, first name, contact choices,
   * Next Steps topics and language. Undefined when it is gone (its publisher removed).
   */
  appointment(id: number) {
    return this.db
      .selectFrom('appointments as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .leftJoin('ns_user_preferences as np', 'np.user_id', 'a.user_id')
      .leftJoin('preferences as p', 'p.user_id', 'a.user_id')
      .select([
        'a.user_id as userId',
        'a.with_name as withName',
        'a.with_office as withOffice',
        'a.starts_at as startsAt',
        'a.place',
        'a.online_link as onlineLink',
        'a.cancelled',
        'u.email',
        'u.first_name as firstName',
        'np.notifications',
        'p.contact_by_email as byEmail',
        'p.contact_by_text as byText',
        'p.sms_number as smsNumber',
        // Chosen, else the language of the last sign-in (issue 76); null: English.
        sql<string | null>`coalesce(p.language, p.signed_in_language)`.as('language'),
      ])
      .where('a.id', '=', id)
      .executeTakeFirst();
  }
}

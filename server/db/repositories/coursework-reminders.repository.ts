import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { courseworkNotDone } from './coursework-done.sql.js';

/** The window of due times `CourseworkRemindersRepository.due` reads. */
export interface CourseworkWindow {
  /** Due strictly after this time. */
  after: Date;
  /** Due at or before this time. */
  upTo: Date;
}

/**
 * The queries of coursework items that notify's coursework reminders make
 * (notify/coursework-planner.ts, coursework-sender.ts, push-sender.ts): only items of a feed that is
 * not broken (the LMS refused the address: the items may be gone there) and not done
 * (`courseworkNotDone`, coursework-done.sql.ts).
 */
/** Where a page of `due` starts: after this item, in the order due, person, item. */
export interface CourseworkDueCursor {
  due: string;
  userId: number;
  itemId: string;
}

/** A row of `CourseworkRemindersRepository.due`. */
export type CourseworkDueRow = Awaited<ReturnType<CourseworkRemindersRepository['due']>>[number];

export class CourseworkRemindersRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Each student's items due in the window, with their chosen Next Steps notifications and contact
   * preferences (no row: defaults); only students Next Steps knows. Earliest first.
   */
  due(w: CourseworkWindow, limit: number, after?: CourseworkDueCursor) {
    return (
      this.db
        .selectFrom('coursework_items as ci')
        .innerJoin('coursework_feeds as f', 'f.user_id', 'ci.user_id')
        .innerJoin('ns_user_preferences as np', 'np.user_id', 'ci.user_id')
        .leftJoin('preferences as p', 'p.user_id', 'ci.user_id')
        .select([
          'ci.user_id as userId',
          'ci.id as itemId',
          'ci.due',
          'ci.all_day as allDay',
          'np.notifications',
          'p.contact_by_email as email',
          'p.contact_by_text as byText',
          'p.sms_number as smsNumber',
        ])
        .where('f.status', '<>', 'broken')
        .where('ci.due', '>', w.after.toISOString())
        .where('ci.due', '<=', w.upTo.toISOString())
        .where(courseworkNotDone('ci'))
        // The page after `after`, in the order below (keyset: due, person, item).
        .$if(after !== undefined, (q) =>
          q.where((eb) => {
            const a = after ?? { due: '', userId: 0, itemId: '' };
            return eb.or([
              eb('ci.due', '>', a.due),
              eb.and([
                eb('ci.due', '=', a.due),
                eb.or([
                  eb('ci.user_id', '>', a.userId),
                  eb.and([eb('ci.user_id', '=', a.userId), eb('ci.id', '>', a.itemId)]),
                ]),
              ]),
            ]);
          }),
        )
        .orderBy('ci.due')
        .orderBy('ci.user_id')
        .orderBy('ci.id')
        .limit(limit)
        .execute()
    );
  }

  /**
   * The item a reminder is about, as it is now, with what its senders check and say: its words, its
   * feed's status, whether it is done (`done` 1), the person's address, first name, contact choices
   * and Next Steps topics. Undefined when the feed no longer holds the item.
   */
  item(userId: number, itemId: string) {
    return this.db
      .selectFrom('coursework_items as ci')
      .innerJoin('coursework_feeds as f', 'f.user_id', 'ci.user_id')
      .innerJoin('users as u', 'u.id', 'ci.user_id')
      .leftJoin('ns_user_preferences as np', 'np.user_id', 'ci.user_id')
      .leftJoin('preferences as p', 'p.user_id', 'ci.user_id')
      .select([
        'ci.title',
        'ci.course',
        'ci.due',
        'ci.all_day as allDay',
        'ci.link',
        'ci.source',
        'f.status',
        sql<number>`CASE WHEN ${courseworkNotDone('ci')} THEN 0 ELSE 1 END`.as('done'),
        'u.email',
        'u.first_name as firstName',
        'np.notifications',
        'p.contact_by_email as byEmail',
        'p.contact_by_text as byText',
        'p.sms_number as smsNumber',
        // The language the reminder is written in (issue 59); null: never chosen, English.
        // Chosen, else the language of the last sign-in (issue 76); null: English.
        sql<string | null>`coalesce(p.language, p.signed_in_language)`.as('language'),
      ])
      .where('ci.user_id', '=', userId)
      .where('ci.id', '=', itemId)
      .executeTakeFirst();
  }
}

import type { CourseworkItemRecord } from '../../../server/db/repositories/coursework.repository.js';
import type { CourseworkFeedStatus } from '../../../contract/coursework.schema.js';
import type { NotifyOptions } from '../../../server/notify/notify.js';
import { reminderApp } from './fixture.js';

/**
 * `reminderApp` with coursework: the sample student's LMS feed held as the store keeps one (its
 * items as a reading writes them), the topic "Coursework due dates" chosen or not, and the
 * coursework jobs.
 */
export async function courseworkApp(
  start: Date,
  options: { env?: Record<string, string>; notify?: NotifyOptions } = {},
) {
  const f = await reminderApp(start, options);
  const { app, student } = f;

  /** An Essay due at `due` in ENGL 101 on Canvas, with its link back. */
  const item = (due: Date, over: Partial<CourseworkItemRecord> = {}): CourseworkItemRecord => ({
    id: 'event-assignment-101',
    title: 'Essay 2',
    course: 'ENGL 101',
    due,
    allDay: false,
    link: 'https://canvas.example.edu/courses/7/assignments/101',
    source: 'canvas',
    ...over,
  });

  /** The student's feed with these items, as a reading leaves it. */
  async function feed(items: CourseworkItemRecord[], status: CourseworkFeedStatus = 'current') {
    await app.repositories.coursework.replace(
      {
        userId: student.id,
        kind: 'calendar',
        addressSealed: 'sealed-in-the-test',
        tokensSealed: null,
        masked: 'https://canvas.example.edu/…abcd.ics',
        source: 'canvas',
        status,
        etag: null,
        lastModified: null,
        readAt: f.now(),
        failures: 0,
        nextReadAt: null,
        createdAt: f.now(),
      },
      items,
    );
  }

  const topicId = async () =>
    (
      await app.database.db
        .selectFrom('ns_notification_types')
        .select('id')
        .where('name', '=', 'Coursework due dates')
        .executeTakeFirstOrThrow()
    ).id;

  /** The student turns "Coursework due dates" on among their Next Steps notifications. */
  async function choose() {
    const id = await topicId();
    const chosen = (await app.repositories.nextStepsProfile.preference(student.id))?.notifications;
    await app.repositories.nextStepsProfile.setPreference(student.id, {
      notifications: [...(chosen ?? []), id],
    });
  }

  /** The coursework jobs, oldest first. */
  const jobs = async () =>
    (await app.notify.jobs.all()).filter((j) => j.idempotency_key.startsWith('coursework:'));

  return { ...f, item, feed, choose, topicId, jobs };
}

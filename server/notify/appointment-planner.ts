import type { AppointmentStartRow } from '../db/repositories/appointment-reminders.repository.js';
import type { NotifyJobsRepository } from '../db/repositories/notify-jobs.repository.js';
import type { Repositories } from '../db/repositories.js';
import { addDays, campusDate, campusInstant } from '../time.js';
import { appointmentKey } from './appointment-key.js';
import type { AppointmentLead, AppointmentPayload } from './appointment-key.js';
import { keyPart, payloadFor } from './channels/target.js';
import type { ReminderRules } from './planner.js';
import type { DevicesOf } from './push-plan.js';
import { TOPICS } from './topics.js';
import { planPages } from './planner-pages.js';

/** The reminder rules with the campus evening hour (`reminders.eveningHour`). */
export interface AppointmentRules extends ReminderRules {
  eveningHour: number;
}

const HOUR_MS = 3_600_000;
/** How far ahead the planner looks: two days and a daylight-saving hour (as the other planners). */
const AHEAD_MS = 2 * 86_400_000 + HOUR_MS;
/** Appointments a page (each a row of the window's statement). */
const PAGE = 500;

/** Which of an appointment's reminders goes, and when. */
interface AppointmentReminderTime {
  lead: AppointmentLead;
  runAt: Date;
}

/** The moment each reminder is for, and until when it is still worth sending. */
function appointmentPoints(startsAt: Date, zone: string, eveningHour: number) {
  const hour = new Date(startsAt.getTime() - HOUR_MS);
  const eveBefore = addDays(campusDate(startsAt, zone), -1);
  const evening = campusInstant(eveBefore, `${String(eveningHour).padStart(2, '0')}:00`, zone);
  return [
    // The evening reminder is worth sending until the hour-before one takes over.
    { lead: 'evening' as const, at: evening, until: hour },
    { lead: 'hour' as const, at: hour, until: startsAt },
  ];
}

/**
 * The reminders an appointment calls for at `now` (issue 92): the evening before at the campus
 * evening hour, and an hour before it starts, each only when the appointment had its start before
 * that moment (`timedAt`: posted or moved, migration 056) — one booked after the evening before
 * gets no evening reminder, one booked less than an hour ahead no hour-before one — and while it is
 * still worth sending (the evening one until the hour before, that one until the start). A moment
 * a planner round missed (a round is every 5 minutes) goes at once.
 */
export function appointmentRemindersDue(
  startsAt: Date,
  timedAt: Date,
  now: Date,
  zone: string,
  eveningHour: number,
): AppointmentReminderTime[] {
  return appointmentPoints(startsAt, zone, eveningHour)
    .filter((p) => p.at < p.until && p.at > timedAt && now < p.until)
    .map((p) => ({ lead: p.lead, runAt: p.at > now ? p.at : now }));
}

/**
 * The periodic planner of appointment reminders (issue 92): for every appointment not cancelled
 * that starts within two days, to a person who chose "Appointment reminders" among their Next Steps
 * notifications, each reminder `appointmentRemindersDue` calls for, by email (unless they turned
 * email off), by text (with `contact_by_text` and a number) and by web push to each device.
 * Idempotent; resolves to the number of jobs added. A cancellation or a move since is the sender's
 * to see (appointment-sender.ts): the job is dropped, and a moved one planned again at its new time.
 */
export async function planAppointmentReminders(
  repos: Repositories,
  jobs: NotifyJobsRepository,
  now: Date,
  rules: AppointmentRules,
  devicesOf?: DevicesOf,
): Promise<number> {
  const typeId = await repos.deadlineTasks.notificationTypeId(TOPICS.appointments.notificationType);
  if (typeId === undefined) return 0;
  const window = { after: now, upTo: new Date(now.getTime() + AHEAD_MS) };
  // Each page of appointments (planner-pages.ts): the people who chose the topic, on each channel.
  return planPages<AppointmentStartRow>(
    (last) => repos.appointmentReminders.starting(window, PAGE, last),
    PAGE,
    typeId,
    devicesOf,
    async (row, reach) => {
      const startsAt = new Date(row.startsAt);
      const due = appointmentRemindersDue(
        startsAt,
        new Date(row.timedAt),
        now,
        rules.zone,
        rules.eveningHour,
      );
      let added = 0;
      for (const { lead, runAt } of due) {
        const payload: AppointmentPayload = {
          kind: 'appointment',
          appointmentId: row.id,
          startsAt: startsAt.toISOString(),
          lead,
        };
        // On each channel that reaches the person (channels/), one job per device for push.
        for (const { channel, target } of reach) {
          const fresh = await jobs.enqueue(
            {
              idempotencyKey: appointmentKey(row.userId, payload, keyPart(channel, target)),
              channel,
              kind: 'appointment',
              topic: 'appointments',
              userId: row.userId,
              payload: payloadFor(payload, 'appointment', target),
              runAt,
            },
            now,
          );
          if (fresh) added += 1;
        }
      }
      return added;
    },
  );
}

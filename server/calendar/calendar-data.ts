import type { FastifyInstance } from 'fastify';
import type { UserTask } from '../../contract/next-steps/task.schema.js';
import type { Course } from '../../contract/sis/courses.schema.js';
import type { Meeting } from '../../contract/sis/schedule.schema.js';
import type { TermInfo } from '../../contract/sis/term-info.schema.js';
import { isSisWarning } from '../../contract/sis/warning.schema.js';
import type { AppointmentRecord } from '../db/repositories/appointments.repository.js';
import type { UserRecord } from '../db/repositories/users.repository.js';
import { listTasks } from '../next-steps/tasks.js';
import { cacheKey, selfReader } from '../cache/keys.js';
import { freshMinutes, sisAnswerSchema } from '../sis/endpoints.js';
import { FEED_APPOINTMENTS } from './appointment-events.js';
import type { SisAnswer, SisEndpoint } from '../sis/endpoints.js';

export interface CalendarData {
  term: TermInfo | null;
  meetings: Meeting[];
  courses: Course[];
  tasks: UserTask[];
  appointments: AppointmentRecord[];
}

/**
 * One SIS read of the person, through the same per-user cache as their portal calls (so a failing
 * SIS is bridged by the copy of the last 24 hours). Never demo data: a calendar app has no demo mode.
 */
async function sisRead<E extends SisEndpoint>(
  app: FastifyInstance,
  user: UserRecord,
  read: E,
  term?: string,
): Promise<SisAnswer<E>> {
  const { value } = await app.cache.read(
    cacheKey(selfReader(user.id), read, term),
    freshMinutes[read] * 60_000,
    () => app.sis.read(read, { username: user.username, persona: user.persona }, term),
    sisAnswerSchema(read),
  );
  return value;
}

/** This term's schedule, its courses (for the instructors) and dates; nothing when there is no term. */
async function termData(app: FastifyInstance, user: UserRecord) {
  const current = await sisRead(app, user, 'current-term');
  if (isSisWarning(current)) return { term: null, meetings: [], courses: [] };
  const info = await sisRead(app, user, 'term-info');
  if (isSisWarning(info) || info.term !== current.p_term_out) {
    return { term: null, meetings: [], courses: [] };
  }
  const [schedule, courses] = await Promise.all([
    sisRead(app, user, 'schedule', info.term),
    sisRead(app, user, 'courses', info.term),
  ]);
  return {
    term: info,
    meetings: isSisWarning(schedule) ? [] : schedule,
    courses: isSisWarning(courses) ? [] : courses,
  };
}

/** Everything the personal calendar of one person holds. */
export async function calendarDataFor(
  app: FastifyInstance,
  user: UserRecord,
): Promise<CalendarData> {
  await app.nextSteps.ensureUser(user);
  const now = app.clock();
  const since = new Date(now.getTime() - FEED_APPOINTMENTS.daysBack * 86_400_000);
  const [term, tasks, appointments] = await Promise.all([
    termData(app, user),
    listTasks(app.repositories.nextStepsTasks, user, { published: true }, now),
    app.repositories.appointments.endingAfter(user.id, since, FEED_APPOINTMENTS.max),
  ]);
  return { ...term, tasks, appointments };
}

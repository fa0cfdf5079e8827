import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { AdminChoicesRepository } from '../../db/repositories/admin-choices.repository.js';
import { AdminMessagesRepository } from '../../db/repositories/admin-messages.repository.js';
import { AdminPagesRepository } from '../../db/repositories/admin-pages.repository.js';
import { AdminPostsRepository } from '../../db/repositories/admin-posts.repository.js';
import { AdminTasksRepository } from '../../db/repositories/admin-tasks.repository.js';
import { AlertReadsRepository } from '../../db/repositories/alert-reads.repository.js';
import { AttendanceReadsRepository } from '../../db/repositories/attendance-reads.repository.js';
import { AuditRepository } from '../../db/repositories/audit.repository.js';
import { CalendarTokensRepository } from '../../db/repositories/calendar-tokens.repository.js';
import { CourseworkRepository } from '../../db/repositories/coursework.repository.js';
import { CourseworkRemindersRepository } from '../../db/repositories/coursework-reminders.repository.js';
import { ContentRepository } from '../../db/repositories/content.repository.js';
import { EthosConsumeRepository } from '../../db/repositories/ethos-consume.repository.js';
import { DashboardRepository } from '../../db/repositories/dashboard.repository.js';
import { DeadlineTasksRepository } from '../../db/repositories/deadline-tasks.repository.js';
import { InboundDeliveryRepository } from '../../db/repositories/inbound-delivery.repository.js';
import { InboundIdempotencyRepository } from '../../db/repositories/inbound-idempotency.repository.js';
import { InboundItemsRepository } from '../../db/repositories/inbound-items.repository.js';
import { InboundPublishersRepository } from '../../db/repositories/inbound-publishers.repository.js';
import { GrantsRepository } from '../../db/repositories/grants.repository.js';
import { MessagesRepository } from '../../db/repositories/messages.repository.js';
import { NextStepsProfileRepository } from '../../db/repositories/next-steps-profile.repository.js';
import { NextStepsTasksRepository } from '../../db/repositories/next-steps-tasks.repository.js';
import { PreferencesRepository } from '../../db/repositories/preferences.repository.js';
import { UsedOnceRepository } from '../../db/repositories/used-once.repository.js';
import { SamplesRepository } from '../../db/repositories/samples.repository.js';
import { SessionsRepository } from '../../db/repositories/sessions.repository.js';
import { UsersRepository } from '../../db/repositories/users.repository.js';
import type { Database, Dialect } from '../../db/database.js';
import { NotifyJobsRepository } from '../../db/repositories/notify-jobs.repository.js';
import { NotifyOutboxRepository } from '../../db/repositories/notify-outbox.repository.js';
import { NotifyKeysRepository } from '../../db/repositories/notify-keys.repository.js';
import { ReachRepository } from '../../db/repositories/reach.repository.js';
import { PushSubscriptionsRepository } from '../../db/repositories/push-subscriptions.repository.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { SearchRepository } from '../../search/search.repository.js';

/** Every repository of the store, each built once (app.repositories; typed in server/types/fastify.d.ts). */
export interface Repositories {
  users: UsersRepository;
  sessions: SessionsRepository;
  preferences: PreferencesRepository;
  grants: GrantsRepository;
  audit: AuditRepository;
  attendanceReads: AttendanceReadsRepository;
  messages: MessagesRepository;
  alertReads: AlertReadsRepository;
  calendarTokens: CalendarTokensRepository;
  ethosConsume: EthosConsumeRepository;
  content: ContentRepository;
  nextStepsTasks: NextStepsTasksRepository;
  nextStepsProfile: NextStepsProfileRepository;
  deadlineTasks: DeadlineTasksRepository;
  adminPosts: AdminPostsRepository;
  adminPages: AdminPagesRepository;
  adminTasks: AdminTasksRepository;
  adminChoices: AdminChoicesRepository;
  adminMessages: AdminMessagesRepository;
  notifyJobs: NotifyJobsRepository;
  notifyOutbox: NotifyOutboxRepository;
  notifyKeys: NotifyKeysRepository;
  pushSubscriptions: PushSubscriptionsRepository;
  search: SearchRepository;
  reach: ReachRepository;
  dashboard: DashboardRepository;
  usedOnce: UsedOnceRepository;
  coursework: CourseworkRepository;
  courseworkReminders: CourseworkRemindersRepository;
  samples: SamplesRepository;
  inboundPublishers: InboundPublishersRepository;
  inboundItems: InboundItemsRepository;
  inboundDelivery: InboundDeliveryRepository;
  inboundIdempotency: InboundIdempotencyRepository;
}

/**
 * The repositories over a connection of a store of `dialect`: the app's (once, below) or a
 * transaction's (auth/rights.ts binds the grant change's). The only place a repository is
 * constructed, tests aside.
 */
export function repositoriesOn(
  db: Kysely<DatabaseSchema>,
  dialect: Dialect,
  sqlite?: Database['sqlite'],
): Repositories {
  return {
    users: new UsersRepository(db),
    sessions: new SessionsRepository(db),
    preferences: new PreferencesRepository(db),
    grants: new GrantsRepository(db),
    audit: new AuditRepository(db),
    attendanceReads: new AttendanceReadsRepository(db),
    messages: new MessagesRepository(db),
    alertReads: new AlertReadsRepository(db),
    calendarTokens: new CalendarTokensRepository(db),
    ethosConsume: new EthosConsumeRepository(db),
    content: new ContentRepository(db),
    nextStepsTasks: new NextStepsTasksRepository(db),
    nextStepsProfile: new NextStepsProfileRepository(db),
    deadlineTasks: new DeadlineTasksRepository(db),
    adminPosts: new AdminPostsRepository(db),
    adminPages: new AdminPagesRepository(db),
    adminTasks: new AdminTasksRepository(db),
    adminChoices: new AdminChoicesRepository(db),
    adminMessages: new AdminMessagesRepository(db),
    notifyJobs: new NotifyJobsRepository(db, dialect),
    notifyOutbox: new NotifyOutboxRepository(db),
    notifyKeys: new NotifyKeysRepository(db),
    pushSubscriptions: new PushSubscriptionsRepository(db),
    search: new SearchRepository(db, dialect, sqlite),
    reach: new ReachRepository(db),
    dashboard: new DashboardRepository(db),
    usedOnce: new UsedOnceRepository(db),
    coursework: new CourseworkRepository(db),
    courseworkReminders: new CourseworkRemindersRepository(db),
    samples: new SamplesRepository(db),
    inboundPublishers: new InboundPublishersRepository(db),
    inboundItems: new InboundItemsRepository(db),
    inboundDelivery: new InboundDeliveryRepository(db),
    inboundIdempotency: new InboundIdempotencyRepository(db),
  };
}

/**
 * Builds every repository once, after the store is open, and hands them to every route and plugin as
 * `app.repositories`: route files take them from there and construct none (eslint keeps it so).
 */
export default fp(
  async function repositories(app: FastifyInstance) {
    app.decorate(
      'repositories',
      repositoriesOn(app.database.db, app.database.dialect, app.database.sqlite),
    );
  },
  { name: 'repositories', dependencies: ['db'] },
);

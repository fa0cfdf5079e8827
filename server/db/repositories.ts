// Every repository of the store and the one place they are built (issue 61: domain folders take the
// type from here, never from plugins/).
import type { Kysely } from 'kysely';
import { AdminChoicesRepository } from './repositories/admin-choices.repository.js';
import { AdminMessagesRepository } from './repositories/admin-messages.repository.js';
import { AdminPagesRepository } from './repositories/admin-pages.repository.js';
import { AdminPostsRepository } from './repositories/admin-posts.repository.js';
import { AdminTasksRepository } from './repositories/admin-tasks.repository.js';
import { AlertReadsRepository } from './repositories/alert-reads.repository.js';
import { AppointmentsRepository } from './repositories/appointments.repository.js';
import { CampaignsRepository } from './repositories/campaigns.repository.js';
import { AppointmentRemindersRepository } from './repositories/appointment-reminders.repository.js';
import { AttendanceReadsRepository } from './repositories/attendance-reads.repository.js';
import { AuditRepository } from './repositories/audit.repository.js';
import { CalendarTokensRepository } from './repositories/calendar-tokens.repository.js';
import { CourseworkRepository } from './repositories/coursework.repository.js';
import { CourseworkRemindersRepository } from './repositories/coursework-reminders.repository.js';
import { ContentRepository } from './repositories/content.repository.js';
import { EthosConsumeRepository } from './repositories/ethos-consume.repository.js';
import { RecordChangesRepository } from './repositories/record-changes.repository.js';
import { DelegateTokensRepository } from './repositories/delegate-tokens.repository.js';
import { DelegatePasskeysRepository } from './repositories/delegate-passkeys.repository.js';
import { DelegationsRepository } from './repositories/delegations.repository.js';
import { ChangeRulesRepository } from './repositories/change-rules.repository.js';
import { DashboardRepository } from './repositories/dashboard.repository.js';
import { DeadlineTasksRepository } from './repositories/deadline-tasks.repository.js';
import { InboundDeliveryRepository } from './repositories/inbound-delivery.repository.js';
import { InboundIdempotencyRepository } from './repositories/inbound-idempotency.repository.js';
import { InboundItemsRepository } from './repositories/inbound-items.repository.js';
import { InboundPublishersRepository } from './repositories/inbound-publishers.repository.js';
import { GrantsRepository } from './repositories/grants.repository.js';
import { MessagesRepository } from './repositories/messages.repository.js';
import { NextStepsProfileRepository } from './repositories/next-steps-profile.repository.js';
import { NextStepsTasksRepository } from './repositories/next-steps-tasks.repository.js';
import { PreferencesRepository } from './repositories/preferences.repository.js';
import { UsedOnceRepository } from './repositories/used-once.repository.js';
import { SamplesRepository } from './repositories/samples.repository.js';
import { SessionsRepository } from './repositories/sessions.repository.js';
import { UsersRepository } from './repositories/users.repository.js';
import { ViewAsRepository } from './repositories/view-as.repository.js';
import type { Dialect } from './dialect.js';
import { NotifyJobsRepository } from './repositories/notify-jobs.repository.js';
import { PaymentsRepository } from './repositories/payments.repository.js';
import { NotifyOutboxRepository } from './repositories/notify-outbox.repository.js';
import { NotifyKeysRepository } from './repositories/notify-keys.repository.js';
import { ReachRepository } from './repositories/reach.repository.js';
import { PushSubscriptionsRepository } from './repositories/push-subscriptions.repository.js';
import { SearchRepository } from './repositories/search.repository.js';
import type { SqliteSearchScan } from './repositories/search.repository.js';
import type { DatabaseSchema } from './schema.js';

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
  /** Issue 74: the record fingerprints and the changes raised. */
  recordChanges: RecordChangesRepository;
  /** Issue 74: the changes sweep's lease (a queue of the Ethos consumer's table). */
  changesLease: EthosConsumeRepository;
  /** Issue 92: the office calendars' readings' lease (a queue of the Ethos consumer's table). */
  officeCalendarsLease: EthosConsumeRepository;
  changeRules: ChangeRulesRepository;
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
  /** Issue 92: appointments booking systems post (migration 055). */
  appointments: AppointmentsRepository;
  /** Issue 92: the appointments' reminders read (notify/appointment-planner.ts, -sender.ts). */
  appointmentReminders: AppointmentRemindersRepository;
  /** Issue 92: advising campaigns, tasks an appointment with an office completes (migration 057). */
  campaigns: CampaignsRepository;
  /** Issue 73: access a student grants (delegates, grants, consent records, views). */
  delegations: DelegationsRepository;
  /** Issue 73: delegates' single-use tokens and sessions. */
  delegateTokens: DelegateTokensRepository;
  /** Issue 73: delegates' passkeys and the passkey ceremonies' challenges (migration 049). */
  delegatePasskeys: DelegatePasskeysRepository;
  /** Issue 73: view-as sessions (migration 042). */
  viewAs: ViewAsRepository;
  /** Issue 89: payments made from Finances (migration 053); moved only by server/payments/ledger.ts. */
  payments: PaymentsRepository;
}

/**
 * The repositories over a connection of a store of `dialect`: the app's (once, below) or a
 * transaction's (auth/rights.ts binds the grant change's). The only place a repository is
 * constructed, tests aside. A SQLite store's search runs on the scan it is given
 * (`sqliteSearch`, search/search-pool.ts: the composition root, plugins/external/repositories.ts,
 * hands it over).
 */
export function repositoriesOn(
  db: Kysely<DatabaseSchema>,
  dialect: Dialect,
  sqliteSearch?: SqliteSearchScan,
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
    recordChanges: new RecordChangesRepository(db),
    changesLease: new EthosConsumeRepository(db, 'changes'),
    officeCalendarsLease: new EthosConsumeRepository(db, 'office-calendars'),
    changeRules: new ChangeRulesRepository(db),
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
    search: new SearchRepository(db, dialect, sqliteSearch),
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
    appointments: new AppointmentsRepository(db),
    appointmentReminders: new AppointmentRemindersRepository(db),
    campaigns: new CampaignsRepository(db),
    delegations: new DelegationsRepository(db, dialect),
    delegateTokens: new DelegateTokensRepository(db),
    delegatePasskeys: new DelegatePasskeysRepository(db),
    viewAs: new ViewAsRepository(db),
    payments: new PaymentsRepository(db),
  };
}

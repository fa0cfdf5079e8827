import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import * as initial from './001-initial.js';
import * as nextSteps from './002-next-steps.js';
import * as auditLog from './003-audit-log.js';
import * as trust from './004-trust.js';
import * as content from './005-content.js';
import * as academics from './006-academics.js';
import * as messages from './007-messages.js';
import * as calendar from './008-calendar.js';
import * as admin from './010-admin.js';
import * as postDrafts from './011-post-drafts.js';
import * as notify from './012-notify.js';
import * as search from './013-search.js';
import * as theme from './014-theme.js';
import * as dashboardLayout from './015-dashboard-layout.js';
import * as push from './016-push.js';
import * as notifyPreferences from './017-notify-preferences.js';
import * as notifySchedule from './018-notify-schedule.js';
import * as messageTopic from './019-message-topic.js';
import * as notifyLanes from './020-notify-lanes.js';
import * as dateOnlyDeadlines from './021-date-only-deadlines.js';
import * as searchCost from './024-search-cost.js';
import * as notifyClaimByDestination from './025-notify-claim-by-destination.js';
import * as samlRequests from './026-saml-requests.js';
import * as coursework from './027-coursework.js';
import * as courseworkDone from './028-coursework-done.js';
import * as courseworkTopic from './029-coursework-topic.js';
import * as campusIndexes from './030-campus-indexes.js';
import * as canvasPlanner from './031-canvas-planner.js';
import * as samlUsed from './032-saml-used.js';
import * as sharedSessions from './033-shared-sessions.js';
import * as ethosConsume from './034-ethos-consume.js';
import * as inbound from './035-inbound.js';
import * as language from './036-language.js';
import * as samlUsedOnce from './037-saml-used-once.js';
import * as staffTranslations from './038-staff-translations.js';
import * as notifyJobKind from './039-notify-job-kind.js';
import * as inboundLease from './040-inbound-lease.js';
import * as recordChanges from './041-record-changes.js';
import * as delegates from './043-delegates.js';
import * as changeRules from './044-change-rules.js';
import * as searchSpanish from './045-search-spanish.js';
import * as signInLanguage from './046-sign-in-language.js';
import * as viewAs from './042-view-as.js';
import * as completedBecause from './048-completed-because.js';
import * as delegatePasskeys from './049-delegate-passkeys.js';
import * as ethosPending from './050-ethos-pending.js';
import * as supportOffice from './051-support-office.js';
import * as changeRuleTranslations from './052-change-rule-translations.js';
import * as payments from './053-payments.js';
import * as changeRuleTask from './054-change-rule-task.js';
import * as appointments from './055-appointments.js';
import * as appointmentReminders from './056-appointment-reminders.js';
import * as campaigns from './057-campaigns.js';
import * as sessionSisToken from './058-session-sis-token.js';

type Step = { up: (db: Kysely<unknown>, dialect: Dialect) => Promise<void> };

/** Every migration in order. Add a file `NNN-name.ts` and list it here. */
const steps: Record<string, Step> = {
  '001-initial': initial,
  '002-next-steps': nextSteps,
  '003-audit-log': auditLog,
  '004-trust': trust,
  '005-content': content,
  '006-academics': academics,
  '007-messages': messages,
  '008-calendar': calendar,
  '010-admin': admin,
  '011-post-drafts': postDrafts,
  '012-notify': notify,
  '013-search': search,
  '014-theme': theme,
  '015-dashboard-layout': dashboardLayout,
  '016-push': push,
  '017-notify-preferences': notifyPreferences,
  '018-notify-schedule': notifySchedule,
  '019-message-topic': messageTopic,
  '020-notify-lanes': notifyLanes,
  '021-date-only-deadlines': dateOnlyDeadlines,
  '024-search-cost': searchCost,
  '025-notify-claim-by-destination': notifyClaimByDestination,
  '026-saml-requests': samlRequests,
  '027-coursework': coursework,
  '028-coursework-done': courseworkDone,
  '029-coursework-topic': courseworkTopic,
  '030-campus-indexes': campusIndexes,
  '031-canvas-planner': canvasPlanner,
  '032-saml-used': samlUsed,
  '033-shared-sessions': sharedSessions,
  '034-ethos-consume': ethosConsume,
  '035-inbound': inbound,
  '036-language': language,
  '037-saml-used-once': samlUsedOnce,
  '038-staff-translations': staffTranslations,
  '039-notify-job-kind': notifyJobKind,
  '040-inbound-lease': inboundLease,
  '041-record-changes': recordChanges,
  '043-delegates': delegates,
  '044-change-rules': changeRules,
  '045-search-spanish': searchSpanish,
  '046-sign-in-language': signInLanguage,
  '042-view-as': viewAs,
  '048-completed-because': completedBecause,
  '049-delegate-passkeys': delegatePasskeys,
  '050-ethos-pending': ethosPending,
  '051-support-office': supportOffice,
  '052-change-rule-translations': changeRuleTranslations,
  '053-payments': payments,
  '054-change-rule-task': changeRuleTask,
  '055-appointments': appointments,
  '056-appointment-reminders': appointmentReminders,
  '057-campaigns': campaigns,
  '058-session-sis-token': sessionSisToken,
};

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(steps).map(([name, step]) => [name, { up: (db) => step.up(db, dialect) }]),
  );
}

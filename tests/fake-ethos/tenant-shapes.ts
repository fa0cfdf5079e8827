/**
 * The records a tenant writes and the change notifications it publishes for them, in Ellucian's
 * published shapes, each source beside its shape. `J:` is ellucian-developer/integration-sdk-java-objects
 * and `C#:` ellucian-developer/integration-sdk-csharp-objects (Ellucian's generated Ethos SDK objects,
 * one class per resource version), under com/ellucian/generated/eedm/ and Ellucian.Generated.Eedm/.
 */

interface Ref {
  id: string;
}

// person-holds v6: `person.id`, `type {category, detail.id}`, `startOn`, `endOn`, `comment`
// (also `notificationIndicator`, left out as the SDK leaves out what is null), the categories the
// enum of Type.java: J: person_holds/v6_0/PersonHolds.java, person_holds/v6_0/Type.java.
export type HoldCategory = 'academic' | 'administrative' | 'disciplinary' | 'financial' | 'health';
export interface PersonHold {
  id: string;
  person: Ref;
  type: { category: HoldCategory; detail?: Ref };
  startOn: string;
  endOn?: string;
  comment?: string;
}

// student-payments v16.0.0: `student.id`, `academicPeriod.id`, `paymentType` (cash, deposit,
// sponsor, payroll), `paidOn`, `amount {value, currency}`, `overrideDescription`:
// J: student_payments/v16_0_0/StudentPayments.java and Amount.java (`value`, ISO 4217 `currency`).
export interface StudentPayment {
  id: string;
  student: Ref;
  academicPeriod?: Ref;
  paymentType: 'cash' | 'deposit' | 'sponsor' | 'payroll';
  paidOn: string;
  amount: { value: number; currency: string };
  overrideDescription?: string;
}

// instructional-events v11: `section.id`, `recurrence {timePeriod {startOn, endOn}, repeatRule
// {type, interval, daysOfWeek, ends}}`, `locations[].location {type, room.id}`: J:
// instructional_events/v11_0/InstructionalEvents.java (its `recurrence` and `location` untyped
// there); C#: InstructionalEvents_V11_0.cs, Recurrence3.cs, RepeatTimePeriod2.cs (date-times with
// offsets), RepeatRuleWeekly.cs (`daysOfWeek`, HedmDayOfWeek), RepeatRuleEnds.cs, Location.cs,
// InstructionalRoom2.cs (`type`, `room`). The fixtures' records (fixtures.ts) are in this shape.
export type Weekday =
  'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

// sections v16.0.0 `status {category, detail.id}`, the category one of open, closed, pending,
// cancelled: C#: Sections_V16_0_0.cs (`Status`, `StatusCategory`); J: sections/v16_0_0/Sections.java
// ("The status of a section (for example, open, closed, pending, cancelled)", untyped there).
export type SectionStatus = 'open' | 'closed' | 'pending' | 'cancelled';

// student-transcript-grades v1.0.0: `student.id`, `course.section.id` (required), `grade.id`,
// `awardGradeScheme.id`, `credit {attemptedCredit, earnedCredit, repeatedSection}`, `recordedOn`
// (a date-time): C#: StudentTranscriptGrades_V1_0_0.cs; J: student_transcript_grades/v1_0_0/.
export interface TranscriptGrade {
  id: string;
  student: Ref;
  course: { section: Ref };
  grade: Ref;
  awardGradeScheme: Ref;
  credit: { attemptedCredit: number; earnedCredit: number; repeatedSection: 'notRepeated' };
  recordedOn: string;
}

/**
 * What a tenant publishes (`application/vnd.hedtech.change-notifications.v2+json`): `id`,
 * `published`, `resource {name, id, version}`, `operation`, `contentType`, `content`, `publisher {id,
 * applicationName, tenant}`: ellucian-developer/integration-sdk-java,
 * src/main/java/com/ellucian/ethos/integration/client/messages/ChangeNotification.java, Resource.java
 * (also an optional `domain`), Publisher.java (`applicationName` a string; `tenant` beside it);
 * ellucian-developer/integration-sdk-csharp, Ellucian.Ethos.Integration/Client/Messages/.
 *
 * The operations and content types, as an authoritative source publishes them:
 * ellucianEthos/csharp-examples, EthosExamples/ChangeNotificationV2.cs: `created`, `replaced` (an
 * update: "One of { created, replaced, patched, deleted }"), `deleted`; a deletion's `contentType`
 * is `empty` and its `content` `{}` (`new JObject()`), any other's `resource-representation` with the
 * whole record. `replaced` is what Ellucian's own samples carry for an update too:
 * integration-sdk-csharp, Ellucian.Ethos.Integration.Test/SampleTestDataRepository.cs, and
 * ellucianEthos/java-examples, src/com/ellucian/integration/publish/PublishApp.java. The SDKs skip a
 * deletion when they fetch another version of a change's record, "since we do not get a resource
 * that's been deleted": integration-sdk-java, .../service/EthosChangeNotificationService.java.
 */
export type Published =
  | { operation: 'created' | 'replaced'; contentType: 'resource-representation'; content: object }
  | { operation: 'deleted'; contentType: 'empty'; content: Record<string, never> };

export const representation = (operation: 'created' | 'replaced', record: object): Published => ({
  operation,
  contentType: 'resource-representation',
  content: record,
});

export const deletion: Published = { operation: 'deleted', contentType: 'empty', content: {} };

/**
 * A tenant over the Ethos double: each change writes the record the adapter reads AND publishes the
 * change notification a real tenant publishes for it, in Ellucian's published shapes (the shapes and
 * their sources: tenant-shapes.ts). What a consumer finds the change's subject by:
 * - created/replaced: `content` is the whole record, so `content.person.id` (person-holds),
 *   `content.student.id` (student-payments, student-transcript-grades), `content.section.id`
 *   (instructional-events) or `resource.id` itself (sections);
 * - deleted: `contentType` `empty`, `content` `{}`: only `resource.name` and `resource.id` (the
 *   deleted record's GUID), so whose it was is known only from an earlier read or notification.
 */
import { z } from 'zod';
import type { FakeEthos } from './fake-ethos.js';
import { extra } from './fixture-ids.js';
import { deletion, representation } from './tenant-shapes.js';
import type {
  HoldCategory,
  PersonHold,
  Published,
  SectionStatus,
  StudentPayment,
  TranscriptGrade,
  Weekday,
} from './tenant-shapes.js';

/** The double's records by resource, as JSON: a change may add a field the fixtures lack (`status`). */
type Records = Record<string, object[] | undefined>;

const hasId = (id: string) => (r: object) => 'id' in r && r.id === id;
const cents = (n: number) => Math.round(n * 100) / 100;

/** Every tenant's GUIDs apart from each other's and from the fixtures' (no fixture's starts `7e`). */
let serial = 0;
const guid = () => `7e000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

/**
 * Banner's `account-detail-reviews` answer (fixtures-finance.ts cites its shape), the fields a
 * payment changes; every other field kept as it is.
 */
const reviewSchema = z.looseObject({
  TBRACCD: z.array(z.looseObject({ tranNumber: z.number() })),
  TBRACCD_CTRL: z.array(z.looseObject({ accountBalance: z.number(), amountDue: z.number() })),
});

export interface HoldInput {
  category: HoldCategory;
  /** A `person-hold-types` GUID, the hold's `type.detail`. */
  typeId?: string;
  startOn?: string;
  endOn?: string;
  comment?: string;
}

export interface ClassMove {
  /** The first meeting's start and end, date-times in UTC, as Ethos holds them. */
  start: string;
  end: string;
  /** A `rooms` GUID. */
  room: string;
  /** The weekdays as UTC sees them; unchanged when left out. */
  days?: Weekday[];
}

export class EthosTenant {
  constructor(
    private readonly fake: FakeEthos,
    private readonly now: () => number = Date.now,
  ) {}

  /** A hold placed: the whole person-holds v6 record published as `created`. */
  addHold(personId: string, hold: HoldInput): PersonHold {
    const record: PersonHold = {
      id: guid(),
      person: { id: personId },
      type: { category: hold.category, ...(hold.typeId ? { detail: { id: hold.typeId } } : {}) },
      startOn: hold.startOn ?? `${this.today()}T00:00:00Z`,
      ...(hold.endOn ? { endOn: hold.endOn } : {}),
      ...(hold.comment ? { comment: hold.comment } : {}),
    };
    this.add('person-holds', record, 'created');
    return record;
  }

  /** A hold removed: gone from the data, published `deleted` with no person in it. */
  removeHold(holdId: string): void {
    this.remove('person-holds', holdId);
    this.publish('person-holds', holdId, deletion);
  }

  /**
   * A payment received: a student-payments v16 record published as `created`, the only notification
   * a tenant publishes for it. Banner's `account-detail-reviews`, which the adapter reads first for a
   * person with a Banner ID, is a Business Process API read by `?id=`: no published material shows a
   * change notification for one, so it changes here silently, as the tenant's ledger would.
   */
  postPayment(personId: string, amount: number, academicPeriodId?: string): StudentPayment {
    const record: StudentPayment = {
      id: guid(),
      student: { id: personId },
      ...(academicPeriodId ? { academicPeriod: { id: academicPeriodId } } : {}),
      paymentType: 'cash',
      paidOn: this.today(),
      amount: { value: amount, currency: 'USD' },
      overrideDescription: 'Payment, thank you',
    };
    this.add('student-payments', record, 'created');
    this.payInReview(personId, amount, record.paidOn);
    return record;
  }

  /** A class moved: each of the section's instructional events published as `replaced`. */
  moveClass(sectionId: string, to: ClassMove) {
    const events = this.fake.data['instructional-events'];
    const moved = [];
    for (const [i, event] of events.entries()) {
      if (event.section.id !== sectionId) continue;
      const rule = event.recurrence.repeatRule;
      const next = {
        ...event,
        recurrence: {
          timePeriod: { startOn: to.start, endOn: to.end },
          repeatRule: { ...rule, daysOfWeek: to.days ?? rule.daysOfWeek },
        },
        locations: [{ location: { type: 'instructionalRoom', room: { id: to.room } } }],
      };
      events[i] = next;
      this.publish('instructional-events', next.id, representation('replaced', next));
      moved.push(next);
    }
    if (moved.length === 0) throw new Error(`no instructional event of section ${sectionId}`);
    return moved;
  }

  /** A section cancelled (or another status): the whole sections v16 record published `replaced`. */
  cancelSection(sectionId: string, category: SectionStatus = 'cancelled'): object {
    const sections = this.records('sections');
    const at = sections.findIndex(hasId(sectionId));
    const section = sections[at];
    if (!section) throw new Error(`no section ${sectionId}`);
    const next = { ...section, status: { category } };
    sections[at] = next;
    this.publish('sections', sectionId, representation('replaced', next));
    return next;
  }

  /**
   * A final grade posted: a student-transcript-grades v1.0.0 record (what the adapter's `grades`
   * read lists, records.ts) published as `created`; its scheme is the grade definition's.
   */
  postGrade(personId: string, sectionId: string, gradeId: string): TranscriptGrade {
    const definition = this.fake.data['grade-definitions'].find((g) => g.id === gradeId);
    if (!definition) throw new Error(`no grade definition ${gradeId}`);
    const record: TranscriptGrade = {
      id: guid(),
      student: { id: personId },
      course: { section: { id: sectionId } },
      grade: { id: gradeId },
      awardGradeScheme: { id: definition.scheme.id },
      credit: { attemptedCredit: 4, earnedCredit: 4, repeatedSection: 'notRepeated' },
      recordedOn: new Date(this.now()).toISOString().replace(/\.\d+Z$/, 'Z'),
    };
    this.add('student-transcript-grades', record, 'created');
    return record;
  }

  private today(): string {
    return new Date(this.now()).toISOString().slice(0, 10);
  }

  private records(resource: string): object[] {
    const all: Records = this.fake.data;
    const records = all[resource];
    if (!records) throw new Error(`the double holds no ${resource}`);
    return records;
  }

  /** A record written as the tenant holds it (with its own extra fields) and published whole. */
  private add(resource: string, record: { id: string }, operation: 'created' | 'replaced') {
    const held = { ...record, ...extra };
    this.records(resource).push(held);
    this.publish(resource, record.id, representation(operation, held));
  }

  private remove(resource: string, id: string) {
    const records = this.records(resource);
    const at = records.findIndex(hasId(id));
    if (at < 0) throw new Error(`no ${resource} ${id}`);
    records.splice(at, 1);
  }

  private publish(resource: string, id: string, change: Published) {
    this.fake.publish(resource, id, change.content, change.operation, change.contentType);
  }

  /** The payment in the person's `account-detail-reviews`, if Banner holds one for their Banner ID. */
  private payInReview(personId: string, amount: number, paidOn: string): void {
    const person = this.fake.data.persons.find((p) => p.id === personId);
    const bannerId = person?.credentials.find((c) => c.type === 'bannerId')?.value;
    const answers = this.fake.businessProcess['account-detail-reviews']?.[bannerId ?? ''];
    const review = reviewSchema.safeParse(answers?.[0]);
    if (!answers || !review.success) return;
    const { TBRACCD: rows, TBRACCD_CTRL: controls } = review.data;
    const tranNumber = Math.max(0, ...rows.map((r) => r.tranNumber)) + 1;
    const at = `${paidOn}T00:00:00Z`;
    const row = {
      tranNumber,
      detailCode: 'CASH',
      desc: 'Payment, thank you',
      paymentAmount: amount,
    };
    answers[0] = {
      ...review.data,
      TBRACCD: [...rows, { ...row, balance: 0, effectiveDate: at, transDate: at, srceCode: 'C' }],
      TBRACCD_CTRL: controls.map((c) => ({
        ...c,
        accountBalance: cents(c.accountBalance - amount),
        amountDue: cents(Math.max(0, c.amountDue - amount)),
      })),
    };
  }
}

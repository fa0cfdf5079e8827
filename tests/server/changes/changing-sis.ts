import type { Grade } from '../../../contract/sis/courses.schema.js';
import { accountSummarySchema } from '../../../contract/sis/finances.schema.js';
import type { Hold } from '../../../contract/sis/holds.schema.js';
import type { SisAnswer, SisEndpoint } from '../../../server/sis/endpoints.js';
import type { SisPerson, SisPort } from '../../../server/sis/port.js';
import { SampleSis } from '../../../server/sis/sample-adapter.js';

/** The sample SIS, with a student's holds and the final grades of the term read the test's to change. */
export class ChangingSis implements SisPort {
  readonly sample = new SampleSis();
  extraHolds: Hold[] = [];
  /** Courses whose final grade is posted in the term read, as [course, grade]: "CS 161", "A-". */
  postedGrades: Array<[string, string]> = [];
  /** The student's amount due (and balance) in place of the sample's; the difference paid. */
  amountDue: number | undefined;
  async read<E extends SisEndpoint>(e: E, p: SisPerson, term?: string): Promise<SisAnswer<E>> {
    const answer = await this.sample.read(e, p, term);
    if (p.username !== 'avalencia') return answer;
    if (e === 'financial-account-summary' && this.amountDue !== undefined) {
      const summary = accountSummarySchema.parse(answer);
      const due = this.amountDue;
      const paid = summary.CHARGES_DETAIL.CHARGES_AMOUNT_DUE - due;
      return {
        ...summary,
        CHARGES_DETAIL: {
          ...summary.CHARGES_DETAIL,
          CHARGES_BALANCE: due,
          CHARGES_AMOUNT_DUE: due,
          CHARGES_PAYMENTS_RXD: summary.CHARGES_DETAIL.CHARGES_PAYMENTS_RXD + paid,
        },
      } as SisAnswer<E>;
    }
    if (!Array.isArray(answer)) return answer;
    if (e === 'holds') return [...answer, ...this.extraHolds] as SisAnswer<E>;
    if (e === 'grades' && term !== undefined)
      return [...answer, ...this.postedGrades.map((g, i) => gradeOf(term, g, i))] as SisAnswer<E>;
    return answer;
  }
  dismissNudge() {
    return Promise.resolve();
  }
}

export const financialHold: Hold = {
  HOLD: 'AR',
  HOLDDESCRIPTION: 'Accounts Receivable Hold',
  HOLDAMOUNT: 100,
  HOLDFROMDATE: '2026-11-01',
  HOLDTODATE: '2099-12-31',
  HOLDORIGINATINGOFFICE: 'BUS',
  HOLDORIGINATINGOFFICEDESCRIPTION: 'Business Office',
  HOLDRELEASEINDICATOR: 'N',
  PROCESSAFFECTED: ['Registration'],
  REASON: null,
  STUDENTID: '900000001',
};

const gradeOf = (term: string, [course, grade]: [string, string], i: number): Grade => {
  const [subject = 'CS', number = '161'] = course.split(' ');
  return {
    SUBJECTCODE: subject,
    COURSENUMBER: number,
    COURSETITLE: `Course ${course}`,
    COURSEREGISTRATIONNUMBER: String(90_000 + i),
    TERMCODE: term,
    FINALGRADE: grade,
    GRADEDATE: '2026-12-11',
  };
};

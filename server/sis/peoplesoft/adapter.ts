import type { z } from 'zod';
import type { StudentAccountMap } from '../../config/peoplesoft-account.js';
import { DEFAULT_STUDENT_ACCOUNT } from '../../config/peoplesoft-account.js';
import type { SisNudgeCode } from '../../../contract/sis/nudges.schema.js';
import { campusDate } from '../../time.js';
import type { SisAnswer, SisEndpoint } from '../endpoints.js';
import type { SisListCutObserver } from '../list-cuts.js';
import type { SisPerson, SisPort } from '../port.js';
import { contractAnswer, SisError } from '../port.js';
import { withinRead } from '../read-deadline.js';
import type { ReadLimits } from '../read-deadline.js';
import { accountOf, studentAccountSchema } from './account.js';
import { aidOf, awardsSchema } from './aid.js';
import { getOperation } from './client.js';
import type { Operation, PeopleSoftClientOptions } from './client.js';
import { checklistOf, checklistSchema } from './checklist.js';
import { notificationsOf, notificationsSchema } from './notifications.js';
import { photoOf, photoSchema } from './photo.js';
import type { RecordItems } from '../record-items.js';
import { personRead } from './person.js';
import * as records from './records.js';
import { Shared } from './shared.js';
import { constituentSchema, enrollmentSchema, serviceIndicatorsSchema } from './wire.js';

export interface PeopleSoftSisOptions extends PeopleSoftClientOptions {
  timeoutMs: number;
  /** The campus's time zone: the calendar "today" and the ISO instants are read in it. */
  zone: string;
  now?: () => Date;
  onListCut?: SisListCutObserver | undefined;
  /** Where the student account's amounts are read (the campus configuration's, over the defaults). */
  studentAccount?: StudentAccountMap;
}

/** What a read PeopleSoft has no delivered operation for (yet) answers: the contract's "nothing". */
const NOTHING = { p_result: 'Warning', p_message: 'not available from PeopleSoft' } as const;

/** How long one person's answer to one operation serves the reads of a page (`shared.ts`). */
const SHARE_MS = 30_000;
const SHARE_MAX = 2_000;

/**
 * The SIS port over PeopleSoft Campus Solutions 9.2's delivered REST services: the profile from
 * SCC_GETCONST_R, terms, classes, meetings, grades and GPA from SSR_GET_ENROLLMENT_R, holds from the
 * service indicators, the ID photo from SCC_GETPHOTO_R, the account from SSF_GET_STUDENT_ACCOUNT, the
 * aid years from SFA_GET_STUDENT_AWARDS; as the student (their sign-in token) or a service account. Every answer is
 * checked against the portal's contract; a failure is a SisError naming the operation.
 */
export class PeopleSoftSis implements SisPort {
  private readonly now: () => Date;
  private readonly constituents: Shared<z.infer<typeof constituentSchema>>;
  private readonly enrollments: Shared<z.infer<typeof enrollmentSchema>>;
  private readonly serviceIndicators: Shared<z.infer<typeof serviceIndicatorsSchema>>;
  private readonly photos: Shared<z.infer<typeof photoSchema>>;
  private readonly accounts: Shared<z.infer<typeof studentAccountSchema>>;
  private readonly awards: Shared<z.infer<typeof awardsSchema>>;

  constructor(private readonly options: PeopleSoftSisOptions) {
    this.now = options.now ?? (() => new Date());
    const clock = () => this.now().getTime();
    this.constituents = new Shared(SHARE_MS, SHARE_MAX, clock);
    this.enrollments = new Shared(SHARE_MS, SHARE_MAX, clock);
    this.serviceIndicators = new Shared(SHARE_MS, SHARE_MAX, clock);
    this.photos = new Shared(SHARE_MS, SHARE_MAX, clock);
    this.accounts = new Shared(SHARE_MS, SHARE_MAX, clock);
    this.awards = new Shared(SHARE_MS, SHARE_MAX, clock);
  }

  async read<E extends SisEndpoint>(
    endpoint: E,
    person: SisPerson,
    term?: string,
  ): Promise<SisAnswer<E>> {
    let answer: unknown;
    try {
      answer = await withinRead(this.options.timeoutMs, (limits) =>
        this.answer(endpoint, person, term, limits),
      );
    } catch (err) {
      if (err instanceof SisError) throw err;
      const reason = err instanceof Error ? err.message : 'failed';
      throw new SisError(endpoint, reason, { cause: err });
    }
    return contractAnswer(endpoint, answer, this.options.onListCut);
  }

  /**
   * The student's checklist items (SCC_GET_CHECKLIST_R) and notifications (SCC_GET_NOTIFICATIONS_R),
   * for the changes sweep to publish as Next Steps tasks and messages: one call each, within one
   * read's deadline; either failing fails both (the sweep tries again next time).
   */
  async recordItems(person: SisPerson): Promise<RecordItems> {
    try {
      return await withinRead(this.options.timeoutMs, async (limits) => {
        const [checklist, notifications] = await Promise.all([
          getOperation(this.options, 'checklist', person, checklistSchema, limits),
          getOperation(this.options, 'notifications', person, notificationsSchema, limits),
        ]);
        return {
          tasks: checklistOf(checklist, this.options.zone),
          messages: notificationsOf(notifications),
        };
      });
    } catch (err) {
      if (err instanceof SisError) throw err;
      const reason = err instanceof Error ? err.message : 'failed';
      throw new SisError('record items', reason, { cause: err });
    }
  }

  /** PeopleSoft keeps no record of the portal's nudges. */
  async dismissNudge(_person: SisPerson, _code: SisNudgeCode): Promise<void> {}

  private keyOf(person: SisPerson) {
    return JSON.stringify([person.username, person.bearer ?? null]);
  }

  private constituent(person: SisPerson, limits: ReadLimits) {
    return this.constituents.get(this.keyOf(person), () =>
      getOperation(this.options, 'constituent', person, constituentSchema, limits),
    );
  }

  private async terms(person: SisPerson, limits: ReadLimits) {
    const answer = await this.enrollments.get(this.keyOf(person), () =>
      getOperation(this.options, 'enrollment', person, enrollmentSchema, limits),
    );
    const rows = answer.SSR_GET_ENROLLMENT_RESP.flatMap((r) => r.SSR_ENRL_TERM);
    return records.termsOf(rows, this.options.zone);
  }

  /** One operation's answer for the person, shared by the reads of a page (`shared.ts`). */
  private shared<T extends z.ZodType>(
    kept: Shared<z.infer<T>>,
    operation: Operation,
    schema: T,
    person: SisPerson,
    limits: ReadLimits,
  ): Promise<z.infer<T>> {
    return kept.get(this.keyOf(person), () =>
      getOperation(this.options, operation, person, schema, limits),
    );
  }

  private indicators(person: SisPerson, limits: ReadLimits) {
    return this.serviceIndicators.get(this.keyOf(person), () =>
      getOperation(this.options, 'serviceIndicators', person, serviceIndicatorsSchema, limits),
    );
  }

  private async answer(
    endpoint: SisEndpoint,
    person: SisPerson,
    term: string | undefined,
    limits: ReadLimits,
  ): Promise<unknown> {
    const zone = this.options.zone;
    const today = campusDate(this.now(), zone);
    switch (endpoint) {
      case 'profile': {
        const answer = await this.shared(this.photos, 'photo', photoSchema, person, limits);
        return { staff_faculty_info: null, photo: photoOf(answer) };
      }
      case 'financial-account-summary': {
        const answer = await this.shared(
          this.accounts,
          'studentAccount',
          studentAccountSchema,
          person,
          limits,
        );
        return accountOf(answer, this.options.studentAccount ?? DEFAULT_STUDENT_ACCOUNT);
      }
      case 'financial-aid-info':
        return aidOf(await this.shared(this.awards, 'awards', awardsSchema, person, limits));
      case 'identity':
      case 'roles':
      case 'person-info':
      case 'contact-info': {
        const answer = await this.constituent(person, limits);
        const constituent = answer.SCC_GET_CONSTITUENT_RESP[0]?.CONSTITUENT[0];
        if (!constituent) throw new SisError('SCC_GETCONST_R', 'no constituent in the answer');
        return personRead(endpoint, constituent);
      }
      case 'current-term':
      case 'term-info': {
        const now = records.currentTermOf(await this.terms(person, limits), today);
        if (!now) return NOTHING;
        if (endpoint === 'current-term') return { p_term_out: now.code, display_term: now.code };
        return {
          term: now.code,
          description: now.row.DESCR ?? now.code,
          start_date: now.begin,
          end_date: now.end,
        };
      }
      case 'courses':
      case 'schedule':
      case 'grades': {
        const terms = await this.terms(person, limits);
        const chosen = term
          ? terms.find((t) => t.code === term)
          : records.currentTermOf(terms, today);
        if (!chosen) return [];
        if (endpoint === 'courses') return records.coursesOf(chosen);
        if (endpoint === 'schedule') return records.scheduleOf(chosen, zone);
        return records.gradesOf(chosen, zone);
      }
      case 'gpa':
        return records.gpaOf(await this.terms(person, limits));
      case 'holds': {
        const answer = await this.indicators(person, limits);
        const rows = answer.SCC_GET_SERVICE_IND_RESP.flatMap((r) => r.SERVICE_INDICATOR);
        return records.holdsOf(rows, today, zone);
      }
      case 'nudges':
        return [];
      default:
        // The advisor, standing, program: later operations (issue 91);
        // the degree audit comes from an audit system, not Campus Solutions (issue 92).
        return NOTHING;
    }
  }
}

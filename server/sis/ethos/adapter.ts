import type { SisNudgeCode } from '../../../contract/sis/nudges.schema.js';
import type { CacheStore } from '../../cache/store.js';
import type { CampusSis } from '../../config/campus-sis.js';
import type { EthosResource } from '../../config/ethos-resources.js';
import { campusDate } from '../../time.js';
import type { SisAnswer, SisEndpoint } from '../endpoints.js';
import type { SisListCutObserver } from '../list-cuts.js';
import type { SisPerson, SisPort } from '../port.js';
import { contractAnswer, SisError, SisNotFoundError } from '../port.js';
import { withinRead } from '../read-deadline.js';
import { EthosClient } from './client.js';
import type { EthosClientOptions } from './client.js';
import { codeTables } from './code-tables.js';
import { Memo } from './memo.js';
import { personSchema } from './models.js';
import type { EthosPerson } from './models.js';
import { balanceOf } from './balance.js';
import { CatalogueEpoch } from './catalogue-epoch.js';
import { holdsOf } from './holds.js';
import { Owners } from './owners.js';
import { personRead } from './person.js';
import * as records from './records.js';
import { Schedules } from './schedule.js';
import { currentTerm, dateOf, termByCode, termCodeOf } from './terms.js';

export interface EthosSisOptions extends EthosClientOptions {
  personCredential: string;
  idCredential: string;
  zone: string;
  campusSis: Pick<CampusSis, 'ethos'>;
  /** The campus's map address template, for the buildings Ethos places (issue 89). */
  mapPlaceUrl?: string | undefined;
  now?: () => Date;
  /**
   * The cache store every process shares (Redis), when there is one: the code tables are kept there,
   * so a second process reads none from Ethos.
   */
  shared?: CacheStore | undefined;
  /** Told when the shared store fails (the tables are then read from Ethos). */
  onSharedError?: ((err: unknown) => void) | undefined;
  /** Told of each list of an answer cut at its ceiling (issue 87), to be logged. */
  onListCut?: SisListCutObserver | undefined;
  /**
   * Told when a read the answers can go without fails (`sites`: a class's building is then named
   * without its site), to be logged.
   */
  onOptionalReadError?: ((resource: EthosResource, err: unknown) => void) | undefined;
}

/** A person's record, looked up by username, is shared by the reads of one page: five minutes. */
const PERSON_MS = 5 * 60_000;

/** What a read Ethos has no model for answers: the contract's "nothing to say", an empty block. */
const NOTHING = { p_result: 'Warning', p_message: 'not available from Ethos' } as const;

/**
 * The SIS port over Ellucian Ethos Integration (Banner, Colleague): each portal read made of the
 * Ethos models it needs, the code tables kept for everyone, and every answer checked against the
 * portal's contract like the HTTP adapter's. A failure is a SisError naming the read.
 */
export class EthosSis implements SisPort {
  readonly client: EthosClient;
  readonly tables;
  private readonly schedules: Schedules;
  private readonly persons: Memo<EthosPerson>;
  private readonly owners = new Owners();
  /** Person GUID → username, for change notifications (bounded: the oldest go). */
  private readonly usernames = new Map<string, string>();
  private readonly now: () => Date;

  constructor(private readonly options: EthosSisOptions) {
    this.client = new EthosClient(options);
    const clock = options.clock ?? Date.now;
    this.now = options.now ?? (() => new Date(clock()));
    this.tables = codeTables(this.client, {
      clock,
      shared: options.shared,
      onSharedError: options.onSharedError,
    });
    const epoch = new CatalogueEpoch(options.shared, clock, options.onSharedError);
    this.schedules = new Schedules(
      this.client,
      this.tables,
      clock,
      this.owners,
      epoch,
      options.mapPlaceUrl,
      (err) => options.onOptionalReadError?.('sites', err),
    );
    this.persons = new Memo(PERSON_MS, 10_000, clock);
  }

  async read<E extends SisEndpoint>(
    endpoint: E,
    person: SisPerson,
    term?: string,
  ): Promise<SisAnswer<E>> {
    let answer: unknown;
    try {
      // One deadline and one page budget for the whole read (read-deadline.ts).
      answer = await withinRead(this.options.timeoutMs, () =>
        this.answer(endpoint, person.username, term),
      );
    } catch (err) {
      if (err instanceof SisNotFoundError) {
        throw new SisNotFoundError(endpoint, 'no record of this person', { cause: err });
      }
      const reason = err instanceof Error ? err.message : 'failed';
      throw new SisError(endpoint, reason, { cause: err });
    }
    return contractAnswer(endpoint, answer, this.options.onListCut);
  }

  /** Ethos keeps no record of dismissed nudges, and the portal shows none from it. */
  async dismissNudge(_person: SisPerson, _code: SisNudgeCode): Promise<void> {}

  /**
   * Drops what this process keeps of a person a change notification named, and gives their
   * username (read from Ethos when this process has not looked them up), or undefined.
   */
  async forget(personId: string): Promise<string | undefined> {
    let username = this.usernames.get(personId);
    if (username === undefined) {
      const person = await this.client.get('persons', personId, personSchema);
      username = person.credentials.find((c) => c.type === this.options.personCredential)?.value;
    }
    if (username !== undefined) this.persons.delete(username);
    return username;
  }

  /** A change to a section or its meetings: every process's copies of it dropped. */
  forgetSection(sectionId: string): Promise<void> {
    return this.schedules.forget(sectionId);
  }

  /** The GUIDs of the people registered in a section. */
  registrants(sectionId: string): Promise<string[]> {
    return this.schedules.registrants(sectionId);
  }

  /** Whose a record resource this process read is (a deletion's notification names nobody). */
  ownerOf(resource: string, id: string) {
    return this.owners.of(resource, id);
  }

  /** The person whose `credentials` of the configured type hold this username. */
  person(username: string): Promise<EthosPerson> {
    return this.persons.get(username, async () => {
      const found = await this.client.list('persons', personSchema, {
        criteria: { credentials: [{ type: this.options.personCredential, value: username }] },
      });
      const person = found[0];
      if (!person) throw new SisNotFoundError('identity', 'no record of this person');
      this.usernames.delete(person.id);
      this.usernames.set(person.id, username);
      if (this.usernames.size > 10_000) {
        const oldest = this.usernames.keys().next().value;
        if (oldest !== undefined) this.usernames.delete(oldest);
      }
      return person;
    });
  }

  private context(): records.RecordContext {
    return {
      client: this.client,
      tables: this.tables,
      campusSis: this.options.campusSis,
      zone: this.options.zone,
      now: this.now,
      owners: this.owners,
    };
  }

  private async period(term: string | undefined) {
    const periods = await this.tables.periods.all();
    const period = term
      ? termByCode(periods, term)
      : currentTerm(periods, this.now(), this.options.zone);
    if (!period) throw new SisError('academic-periods', `no term ${term ?? 'on record'}`);
    return period;
  }

  private async answer(endpoint: SisEndpoint, username: string, term?: string): Promise<unknown> {
    switch (endpoint) {
      case 'bookstore':
      case 'nudges':
      case 'financial-aid-info':
      case 'emergency-info':
      case 'degree-progress':
        // Ethos has no degree audit model: a campus's audit comes from its audit system (issue 92).
        return endpoint === 'nudges' ? [] : NOTHING;
      case 'current-term':
      case 'term-info': {
        const period = await this.period(undefined);
        const code = termCodeOf(period);
        if (endpoint === 'current-term') return { p_term_out: code, display_term: code };
        const [start_date, end_date] = [dateOf(period.startOn), dateOf(period.endOn)];
        return { term: code, description: period.title, start_date, end_date };
      }
      default:
    }
    const person = await this.person(username);
    const ctx = this.context();
    switch (endpoint) {
      case 'identity':
      case 'roles':
      case 'person-info':
      case 'contact-info':
      case 'profile':
        return personRead(endpoint, person, {
          today: campusDate(this.now(), this.options.zone),
          idCredential: this.options.idCredential,
        });
      case 'courses':
      case 'schedule':
      case 'grades': {
        // A term the tenant has no period for (a summer between semesters) has no classes nor grades.
        if (term !== undefined && !termByCode(await this.tables.periods.all(), term)) return [];
        const period = await this.period(term);
        const classes = await this.schedules.registered(person.id, period);
        if (endpoint === 'courses') return this.schedules.courseList(classes, period);
        if (endpoint === 'schedule') {
          return this.schedules.meetings(classes, period, this.options.zone);
        }
        return records.gradesOf(ctx, this.schedules, person, classes, period);
      }
      case 'gpa':
        return records.gpaOf(ctx, person);
      case 'holds':
        return holdsOf(ctx, person);
      case 'advisor':
        return records.advisorsOf(ctx, person);
      case 'standing':
        return records.standingOf(ctx, person);
      case 'curriculum-info':
        return records.curriculumOf(ctx, person);
      case 'financial-account-summary':
        return balanceOf(ctx, person);
      default:
        throw new SisError(endpoint, 'not a read of the Ethos adapter');
    }
  }
}

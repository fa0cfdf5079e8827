import type { SisNudgeCode } from '../../../contract/sis/nudges.schema.js';
import type { SisAnswer, SisEndpoint } from '../endpoints.js';
import type { SisListCutObserver } from '../list-cuts.js';
import type { SisPerson, SisPort } from '../port.js';
import { contractAnswer, SisError } from '../port.js';
import { withinRead } from '../read-deadline.js';
import { degreeProgressOf } from './audit.js';
import { readAudit } from './client.js';
import type { DegreeWorksClientOptions } from './client.js';

export interface DegreeWorksSourceOptions extends DegreeWorksClientOptions {
  /** The campus's what-if tool (`DEGREEWORKS_WHAT_IF_URL`), or null. */
  whatIfUrl: string | null;
  /** `SIS_TIMEOUT_MS`: one deadline over the id's read and the audit's. */
  timeoutMs: number;
  onListCut?: SisListCutObserver | undefined;
}

/**
 * The SIS port with its `degree-progress` read from DegreeWorks (`DEGREE_SOURCE=degreeworks`);
 * every other read, and dismissals, go to the SIS adapter it wraps. The student's DegreeWorks id is
 * the SIS's own student id (`person-info` `STUDENT_ID`: Banner's and Colleague's, which DegreeWorks
 * is bridged from), read through the wrapped port.
 */
export class DegreeWorksSource implements SisPort {
  constructor(
    /** The SIS adapter every other read goes to (the Ethos adapter's notifications reach it). */
    readonly sis: SisPort,
    private readonly options: DegreeWorksSourceOptions,
  ) {}

  async read<E extends SisEndpoint>(
    endpoint: E,
    person: SisPerson,
    term?: string,
  ): Promise<SisAnswer<E>> {
    if (endpoint !== 'degree-progress') return this.sis.read(endpoint, person, term);
    return withinRead(this.options.timeoutMs, async (limits) => {
      const info = await this.sis.read('person-info', person);
      const studentId = 'STUDENT_ID' in info ? info.STUDENT_ID.trim() : '';
      if (!studentId) throw new SisError(endpoint, 'the SIS gave no student id to audit');
      const audit = await readAudit(this.options, studentId, limits, person.bearer);
      return contractAnswer(
        endpoint,
        degreeProgressOf(audit, this.options.whatIfUrl),
        this.options.onListCut,
      );
    });
  }

  dismissNudge(person: SisPerson, code: SisNudgeCode): Promise<void> {
    return this.sis.dismissNudge(person, code);
  }
}

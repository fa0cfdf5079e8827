import type { SisNudgeCode } from '../../contract/sis/nudges.schema.js';
import type { SisAnswer, SisEndpoint } from './endpoints.js';
import type { SisPerson, SisPort } from './port.js';
import { SisError, SisNotFoundError } from './port.js';

export interface HealthPolicy {
  /** This many failed calls in a row … */
  failuresInARow: number;
  /** … all within this window, mean the SIS is down. */
  windowMs: number;
}

export const defaultHealthPolicy: HealthPolicy = { failuresInARow: 3, windowMs: 5 * 60_000 };

/**
 * Whether the student information system answers, judged from the portal's own calls to it: it is
 * unavailable after `failuresInARow` failed calls in a row within `windowMs`, and available again at
 * the first call that succeeds (or once those failures are older than the window).
 */
export class IntegrationHealth {
  private failures: number[] = [];

  constructor(
    private readonly clock: () => Date,
    private readonly policy: HealthPolicy = defaultHealthPolicy,
  ) {}

  succeeded(): void {
    this.failures = [];
  }

  failed(): void {
    this.failures.push(this.clock().getTime());
    if (this.failures.length > this.policy.failuresInARow) this.failures.shift();
  }

  get available(): boolean {
    const since = this.clock().getTime() - this.policy.windowMs;
    return this.failures.filter((at) => at >= since).length < this.policy.failuresInARow;
  }
}

/** Any SIS adapter, with every call's outcome told to the health tracker. */
export class MonitoredSis implements SisPort {
  constructor(
    private readonly inner: SisPort,
    private readonly health: IntegrationHealth,
  ) {}

  async read<E extends SisEndpoint>(
    endpoint: E,
    person: SisPerson,
    term?: string,
  ): Promise<SisAnswer<E>> {
    return this.watch(() => this.inner.read(endpoint, person, term));
  }

  async dismissNudge(person: SisPerson, code: SisNudgeCode): Promise<void> {
    return this.watch(() => this.inner.dismissNudge(person, code));
  }

  private async watch<T>(call: () => Promise<T>): Promise<T> {
    try {
      const answer = await call();
      this.health.succeeded();
      return answer;
    } catch (err) {
      // "No such person" is an answer: the SIS is up.
      if (err instanceof SisNotFoundError) this.health.succeeded();
      else if (err instanceof SisError) this.health.failed();
      throw err;
    }
  }
}

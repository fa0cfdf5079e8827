import type { SisNudgeCode } from '../../contract/sis/nudges.schema.js';
import { OutboundError } from '../net/outbound.js';
import type { SisOutcome } from '../metrics/registry.js';
import type { SisAnswer, SisEndpoint } from './endpoints.js';
import type { SisPerson, SisPort } from './port.js';

export type SisObserver = (endpoint: string, outcome: SisOutcome, ms: number) => void;

const timedOut = (err: unknown): boolean =>
  err instanceof Error &&
  (err.name === 'TimeoutError' ||
    err.name === 'AbortError' ||
    (err instanceof OutboundError && err.failure === 'timeout') ||
    timedOut(err.cause));

/** Any SIS adapter, with the duration and outcome of every call told to `observe` (metrics). */
export class MeasuredSis implements SisPort {
  constructor(
    private readonly inner: SisPort,
    private readonly observe: SisObserver,
  ) {}

  read<E extends SisEndpoint>(
    endpoint: E,
    person: SisPerson,
    term?: string,
  ): Promise<SisAnswer<E>> {
    return this.time(endpoint, () => this.inner.read(endpoint, person, term));
  }

  dismissNudge(person: SisPerson, code: SisNudgeCode): Promise<void> {
    return this.time('nudges.dismiss', () => this.inner.dismissNudge(person, code));
  }

  private async time<T>(endpoint: string, call: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      const answer = await call();
      this.observe(endpoint, 'ok', performance.now() - start);
      return answer;
    } catch (err) {
      this.observe(endpoint, timedOut(err) ? 'timeout' : 'error', performance.now() - start);
      throw err;
    }
  }
}

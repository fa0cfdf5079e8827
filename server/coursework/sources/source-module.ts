import type { FastifyInstance } from 'fastify';
import type { SecretBox } from '../../auth/secret-box.js';
import type { Resolver } from '../feed-address.js';
import type { CourseworkSchedule, CourseworkSourcePort } from '../port.js';

/** The coursework service's options (tests set the most of them). */
export interface CourseworkOptions {
  /** Reads the due feeds on a schedule in this process (server.ts); tests call `pollOnce`. */
  poll?: boolean;
  /** How often the schedule looks for due feeds. */
  tickMs?: number;
  /** Certificates trusted besides the public roots, for the LMS connections (tests). */
  ca?: string;
  /** The name resolver (tests). */
  resolve?: Resolver;
  /** 0..1, the jitter's random source (tests). */
  random?: () => number;
  /** Waits between Canvas's throttled retries (tests). */
  canvasSleep?: (ms: number) => Promise<void>;
}

/** What the coursework service gives a source it opens. */
export interface SourceDeps {
  app: FastifyInstance;
  box: SecretBox;
  schedule: CourseworkSchedule;
  options: CourseworkOptions;
}

/**
 * The half of an LMS source that reads (its settings half is `settings.ts` beside it): the source
 * port it fills, or null when the campus has not set it up.
 */
export interface LmsSourceModule<Source extends CourseworkSourcePort = CourseworkSourcePort> {
  open(deps: SourceDeps): Source | null;
}

import type { CacheStore } from '../../cache/store.js';
import type { Config } from '../../config.js';
import type { SisListCutObserver } from '../list-cuts.js';
import type { SisPort } from '../port.js';

/** What the Ethos adapter shares with the other processes: the shared cache store (Redis). */
export interface SharedStore {
  shared?: CacheStore | undefined;
  onSharedError?: ((err: unknown) => void) | undefined;
  /** Told of each list of a SIS answer cut at its ceiling (issue 87). */
  onListCut?: SisListCutObserver | undefined;
  /** Told when an Ethos read the answers can go without fails (`sites`, issue 89). */
  onOptionalReadError?: ((resource: string, err: unknown) => void) | undefined;
  /** The portal's clock (a test's moves): what an adapter keeps a while (PeopleSoft) ages by it. */
  portalClock?: (() => Date) | undefined;
}

/** What `config:check -- --connect` was asked beyond the configuration. */
export interface ConnectOptions {
  /**
   * The person the check reads (`--as`): the HTTP adapter's username (the sample student by
   * default), the PeopleSoft service account's test EmplID (else PEOPLESOFT_CHECK_EMPLID).
   */
  as?: string | undefined;
  /** A test student's access token (`--token-file`): PeopleSoft read as that student. */
  token?: string | undefined;
}

/** The pre-flight's probe: what it found within `ms`, or the error. */
export type ConnectProbe = (signal: AbortSignal, ms: number) => Promise<string>;

/**
 * The half of an SIS adapter that opens connections (its settings half is `settings.ts` beside
 * it): the port it fills, and the pre-flight's one check of it. Health is the same for every
 * adapter (`health.ts`, judged from the calls made through the port).
 */
export interface SisAdapterModule {
  open(config: Config, store: SharedStore): SisPort;
  /** `config:check -- --connect`'s SIS line, when the adapter connects anywhere. */
  connect?(config: Config, options: ConnectOptions): ConnectProbe | null;
}

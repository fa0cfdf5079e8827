/**
 * The one outbound request's words (outbound.ts): what it is asked, what it answers, how it fails.
 */
export type OutboundFailure =
  | 'refused-address'
  | 'unreachable'
  | 'timeout'
  | 'redirect'
  | 'too-large'
  | 'broken'
  | 'refused-answer';

/** A request that did not give an answer. `message` never holds the address's path or query. */
export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(
    readonly failure: OutboundFailure,
    message: string,
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface OutboundLimits {
  /** Bytes of a 2xx answer's body; more is `too-large`. */
  maxBytes: number;
  /** Bytes kept of another answer's body (cut short, never an error). Default 64 KiB. */
  maxErrorBytes?: number;
  /** The whole request: connection, redirects, headers and body. */
  timeoutMs: number;
  /** From the request sent to the answer's headers. Default: `timeoutMs`. */
  headersTimeoutMs?: number;
  /** The longest silence between two pieces of the body. Default: `timeoutMs`. */
  bodyTimeoutMs?: number;
}

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/** An address already resolved and checked by the caller's own rule (coursework's feed address). */
export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

export interface OutboundRequest {
  url: string | URL;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  limits: OutboundLimits;
  /** `public`: someone else's word (public addresses only); `configured`: the operator's. */
  reach: 'public' | 'configured';
  /** With `public`: host names (or literals) reached although they are not public. */
  privateHosts?: ReadonlySet<string>;
  /** Connect to this address, checked by the caller, without resolving (no redirects then). */
  pinned?: PinnedAddress;
  /**
   * Redirects followed, each checked as the first address was. Default 0: refused. With `configured`
   * reach, a hop to another origin is checked as `public` (the operator named one origin only).
   */
  redirects?: number;
  /** With `redirects`: a hop to another origin (scheme, host, port) is refused as a redirect. */
  sameOrigin?: boolean;
  /** The caller's own end (a read's one deadline over several requests): aborts as a timeout. */
  signal?: AbortSignal;
  /** Certificates trusted besides the public roots (tests give their server's). */
  ca?: string;
  /** The name resolver (tests). */
  resolve?: Resolver;
  /** Sees the final answer's status and headers before its body is read: throw to refuse it. */
  inspect?: (status: number, headers: Headers) => void;
}

export interface OutboundAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
  /** The address that answered (after redirects). */
  url: URL;
}

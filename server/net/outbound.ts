import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { Client } from 'undici';
import type { Dispatcher } from 'undici';
import { isPublicAddress } from './public-address.js';
import { traced } from './trace.js';

/**
 * The server's one bounded outbound HTTP(S) request (undici): the campus feeds, a feed's images, a
 * student's LMS calendar, Canvas, the SIS (HTTP and Ethos, its token exchange too), the SAML IdP's
 * metadata and the pre-flight all go through `outbound`. Each request:
 *
 * - resolves the host once, checks the addresses by its `reach` (`public`: someone else's word, so
 *   every address must be public unicast, `public-address.ts`, save a name in `privateHosts`;
 *   `configured`: the operator's own configuration, any address), and connects to that one address
 *   (the connection's `lookup` answers with it), so DNS rebinding cannot move it; TLS still checks
 *   the certificate against the name;
 * - refuses a redirect (an OutboundError `redirect`), or with `redirects` > 0 follows at most that
 *   many (`sameOrigin`: only within the first origin), each new address resolved and checked again,
 *   a `configured` request's hop to another origin as `public` (the feeds follow 3 and a feed's
 *   images the configured number; a student's calendar, Canvas, the SIS, Ethos, the IdP metadata
 *   and the pre-flight none);
 * - has time limits: the headers (`headersTimeoutMs`), the silence between two pieces of the body
 *   (`bodyTimeoutMs`) and the whole of it, redirects and body included (`timeoutMs`), and ends
 *   as a `timeout` when the caller's `signal` does (a SIS read's one deadline);
 * - counts the body as it streams and aborts past `maxBytes` (a success) whatever Content-Length
 *   said; an error answer's body is only kept up to `maxErrorBytes`, cut short, for its first words.
 *
 * One connection per request, closed once its body is read: the callers make few requests each.
 * The web push sends (server/notify/push-agents.ts) do not come here: web-push takes a node:https
 * Agent only, not an undici dispatcher, and its keep-alive pool of pinned agents is what lets one
 * worker send to 30,000 devices over a few TLS connections; that pool pins the checked address the
 * same way, and web-push's own `timeout` bounds each send.
 */

export { OutboundError, type OutboundAnswer, type OutboundRequest } from './outbound-types.js';
import {
  OutboundError,
  type OutboundAnswer,
  type OutboundRequest,
  type PinnedAddress,
  type Resolver,
} from './outbound-types.js';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const ERROR_BODY_BYTES = 64 * 1024;

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** The host of a URL as the address checks see it (IPv6 without brackets), lower-cased. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

const isOk = (status: number) => status >= 200 && status <= 299;

/** Resolves `url`'s host once and checks every address by the request's reach. */
async function pin(url: URL, request: OutboundRequest, start: URL): Promise<PinnedAddress> {
  const host = hostOf(url);
  const configured = request.reach === 'configured' && url.origin === start.origin;
  const mayBePrivate = configured || request.privateHosts?.has(host) === true;
  const family = isIP(host);
  let addresses: Array<{ address: string; family: number }>;
  if (family !== 0) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await (request.resolve ?? systemResolver)(host);
    } catch (err) {
      throw new OutboundError('unreachable', `${host} could not be found`, null, { cause: err });
    }
  }
  const first = addresses[0];
  if (!first) throw new OutboundError('unreachable', `${host} could not be found`);
  if (!mayBePrivate && !addresses.every((a) => isPublicAddress(a.address))) {
    throw new OutboundError('refused-address', `${host} is not a public address`);
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

function headersOf(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      try {
        headers.append(name, one);
      } catch {
        // A header value fetch's Headers refuses (a control character): left out.
      }
    }
  }
  return headers;
}

/** What a thrown error of the request or its body stands for, in the caller's terms. */
function failureOf(err: unknown, signal: AbortSignal, host: string, status: number | null) {
  if (err instanceof OutboundError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (
    signal.aborted ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  ) {
    return new OutboundError('timeout', `${host} did not answer in time`, status, { cause: err });
  }
  return status === null
    ? new OutboundError('unreachable', `${host} could not be reached`, null, { cause: err })
    : new OutboundError('broken', `${host}'s answer broke off`, status, { cause: err });
}

/** The body, counted as it streams: over `max`, `too-large`, or cut short when `truncate`. */
async function readCounted(body: Readable, max: number, truncate: boolean, host: string) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const part = chunk as Buffer;
    if (size + part.byteLength > max) {
      body.destroy();
      if (!truncate) throw new OutboundError('too-large', `${host}'s answer is over ${max} bytes`);
      chunks.push(part.subarray(0, max - size));
      break;
    }
    size += part.byteLength;
    chunks.push(part);
  }
  return Buffer.concat(chunks);
}

async function once(url: URL, request: OutboundRequest, signal: AbortSignal, first: URL) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError('refused-address', `not an http(s) address: ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new OutboundError('refused-address', 'an address with credentials');
  }
  const host = hostOf(url);
  const { address, family } = request.pinned ?? (await pin(url, request, first));
  const lookupPinned: LookupFunction = (_name, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const { limits } = request;
  const client = new Client(url.origin, {
    connect: {
      lookup: lookupPinned,
      timeout: limits.headersTimeoutMs ?? limits.timeoutMs,
      ...(request.ca ? { ca: request.ca } : {}),
    },
    headersTimeout: limits.headersTimeoutMs ?? limits.timeoutMs,
    bodyTimeout: limits.bodyTimeoutMs ?? limits.timeoutMs,
    pipelining: 0,
  });
  let answer: Dispatcher.ResponseData;
  try {
    answer = await client.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: request.method ?? 'GET',
      headers: request.headers ?? {},
      body: request.body ?? null,
      signal,
    });
  } catch (err) {
    void client.destroy();
    throw failureOf(err, signal, host, null);
  }
  // Destroying the body (refused, cut short, closed) emits an abort: read through `for await`.
  answer.body.on('error', () => undefined);
  return { answer, host, close: () => void client.destroy() };
}

/**
 * One bounded request; an OutboundError says how it failed (see the module's comment). A span of
 * the request's trace when tracing is on (metrics/tracing.ts): its method and host, never its
 * path or query (a student's id is in many).
 */
export function outbound(request: OutboundRequest): Promise<OutboundAnswer> {
  const url = new URL(request.url);
  const method = request.method ?? 'GET';
  return traced(
    `${method} ${url.host}`,
    {
      'http.request.method': method,
      'server.address': url.hostname,
      'url.scheme': url.protocol.slice(0, -1),
    },
    async (span) => {
      const answer = await outboundUntraced(request);
      span.setAttribute('http.response.status_code', answer.status);
      return answer;
    },
  );
}

async function outboundUntraced(request: OutboundRequest): Promise<OutboundAnswer> {
  const own = AbortSignal.timeout(request.limits.timeoutMs);
  const signal = request.signal ? AbortSignal.any([own, request.signal]) : own;
  const allowed = request.pinned ? 0 : (request.redirects ?? 0);
  const first = new URL(request.url);
  let url = first;
  for (let redirects = 0; ; redirects += 1) {
    const { answer, host, close } = await once(url, request, signal, first);
    const status = answer.statusCode;
    try {
      const headers = headersOf(answer.headers);
      if (REDIRECTS.has(status)) {
        const location = headers.get('location');
        if (redirects >= allowed || !location) {
          throw new OutboundError('redirect', `${host} answered with a redirect`, status);
        }
        const next = new URL(location, url);
        if (request.sameOrigin && next.origin !== first.origin) {
          throw new OutboundError('redirect', `${host} redirected to another origin`, status);
        }
        answer.body.resume();
        url = next;
        continue;
      }
      request.inspect?.(status, headers);
      const ok = isOk(status);
      const max = ok ? request.limits.maxBytes : (request.limits.maxErrorBytes ?? ERROR_BODY_BYTES);
      if (ok && Number(headers.get('content-length') ?? 0) > max) {
        throw new OutboundError('too-large', `${host}'s answer is over ${max} bytes`, status);
      }
      try {
        const body = await readCounted(answer.body, max, !ok, host);
        return { status, headers, body, url };
      } catch (err) {
        throw failureOf(err, signal, host, status);
      }
    } catch (err) {
      answer.body.destroy();
      throw err;
    } finally {
      close();
    }
  }
}

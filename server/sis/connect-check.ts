import type { Secret } from '../config/secret.js';
import { outbound } from '../net/outbound.js';
import { printableUrl } from '../net/printable-url.js';
import { parseSisAnswer } from './endpoints.js';
import { EthosClient } from './ethos/client.js';
import { academicLevelSchema } from './ethos/models.js';
import { EthosError } from './ethos/wire.js';

/**
 * `config:check -- --connect`'s SIS line (issue 72): the pre-flight connects to what the portal will
 * use, as the portal's adapter does, and says whether the credential was taken — not merely that an
 * address answers.
 */

/** The person the HTTP adapter's check reads, unless `--as` names another: the sample student. */
export const SAMPLE_USERNAME = 'avalencia';

/** The largest identity answer read (one person's identity is a few hundred bytes). */
const MAX_IDENTITY_BYTES = 64 * 1024;

/**
 * The HTTP adapter: one documented read, `GET <base>/students/<username>/identity` with the
 * adapter's bearer token (no redirect followed). 200 with an identity the contract accepts:
 * connected; 401 or 403: the token refused; anything else: what it answered.
 */
export async function checkHttpSis(
  sis: { baseUrl: string; token?: string | undefined },
  username: string,
  signal: AbortSignal,
  ms: number,
): Promise<string> {
  const base = new URL(sis.baseUrl.endsWith('/') ? sis.baseUrl : `${sis.baseUrl}/`);
  const url = new URL(`students/${encodeURIComponent(username)}/identity`, base);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (sis.token) headers.authorization = `Bearer ${sis.token}`;
  const answer = await outbound({
    url,
    headers,
    reach: 'configured',
    signal,
    limits: { maxBytes: MAX_IDENTITY_BYTES, maxErrorBytes: 0, timeoutMs: ms },
  });
  const where = `${printableUrl(url.href)}`;
  if (answer.status === 401 || answer.status === 403) {
    throw new Error(`token refused (HTTP ${answer.status} from ${where}): check SIS_TOKEN`);
  }
  if (answer.status === 404) {
    throw new Error(
      `HTTP 404 from ${where}: no record of ${username} (name a person the SIS knows with --as <username>) or SIS_BASE_URL is wrong`,
    );
  }
  if (answer.status !== 200) throw new Error(`HTTP ${answer.status} from ${where}`);
  let body: unknown;
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw new Error(`connected, but the identity of ${username} is not JSON`);
  }
  if (!parseSisAnswer('identity', body).success) {
    throw new Error(`connected, but the identity of ${username} does not match the contract`);
  }
  return `connected: the identity of ${username} read (HTTP 200)`;
}

/**
 * The Ethos adapter: the key exchanged for a token (`POST /auth`), then one code table read whole
 * (academic levels: a few rows), as the adapter reads it.
 */
export async function checkEthos(
  ethos: { baseUrl: string; apiKey: Secret },
  versions: Partial<Record<string, number>> | undefined,
  ms: number,
): Promise<string> {
  const client = new EthosClient({
    baseUrl: ethos.baseUrl,
    apiKey: ethos.apiKey,
    timeoutMs: ms,
    versions,
  });
  try {
    const levels = await client.list('academic-levels', academicLevelSchema);
    return `Ethos: connected, the key exchanged for a token and academic-levels read (${levels.length} rows)`;
  } catch (err) {
    if (
      err instanceof EthosError &&
      err.resource === 'auth' &&
      (err.status === 401 || err.status === 403)
    ) {
      throw new Error(
        `Ethos refused the key (HTTP ${err.status}): check ETHOS_API_KEY or ETHOS_API_KEY_FILE`,
        {
          cause: err,
        },
      );
    }
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`Ethos: ${reason}`, { cause: err });
  }
}

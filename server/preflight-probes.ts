import type { Config } from './config.js';
import { outbound } from './net/outbound.js';
import { printableUrl } from './net/printable-url.js';

/**
 * The pre-flight's probes (`preflight.ts`): each opens one component once within its time limit and
 * answers one line, or throws the exact error.
 */

/** The error as its library wrote it, with its code when the message leaves it out. */
export function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  const inner = err instanceof AggregateError ? err.errors.map(errorText).join('; ') : '';
  const text = err.message || inner || err.name;
  const causeCode = (err.cause as { code?: unknown } | undefined)?.code;
  if (typeof causeCode === 'string' && !text.includes(causeCode)) return `${text} (${causeCode})`;
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
}

/** `work` within `ms`, else an error that says which limit ran out. */
export async function within<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), limit]);
  } finally {
    clearTimeout(timer);
  }
}

export type Probe = (signal: AbortSignal, ms: number) => Promise<string>;

export async function probeDatabase(config: Config, ms: number): Promise<string> {
  if (!config.databaseUrl) {
    // Opened read-only, or not at all before the first start: the check never writes a store.
    const { default: Database } = await import('better-sqlite3');
    const { access, constants } = await import('node:fs/promises');
    const file = `${config.dataDir}/portal.sqlite`;
    const exists = await access(file).then(
      () => true,
      () => false,
    );
    if (!exists) await access(config.dataDir, constants.W_OK).catch(() => undefined);
    const db = exists ? new Database(file, { readonly: true }) : new Database(':memory:');
    try {
      const row = db.prepare('select sqlite_version() as v').get() as { v: string };
      return `SQLite ${row.v}, ${exists ? file : `${file} made at the first start`}`;
    } finally {
      db.close();
    }
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    connectionString: config.databaseUrl,
    connectionTimeoutMillis: ms,
  });
  try {
    await client.connect();
    const answer = await client.query<{ v: string }>(
      "select current_setting('server_version') as v",
    );
    return `PostgreSQL ${answer.rows[0]?.v ?? '(version unknown)'}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function probeRedis(url: string, ms: number): Promise<string> {
  const { Redis } = await import('ioredis');
  let last: Error | null = null;
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: ms,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on('error', (err: Error) => (last = err));
  try {
    await redis.connect();
    const info = await redis.info('server');
    return `Redis ${/redis_version:(\S+)/.exec(info)?.[1] ?? '(version unknown)'}`;
  } catch (err) {
    throw last && !(err instanceof Error && /WRONGPASS|NOAUTH/.test(err.message)) ? last : err;
  } finally {
    redis.disconnect();
  }
}

/** Stops a probe's request at the answer's headers: its body is never read. */
class Answered {
  constructor(
    readonly status: number,
    readonly server: string | null,
  ) {}
}

/**
 * An HTTP(S) address answering at all (any status but a redirect, which the portal would not follow
 * either): the status and its server's name. Through the bounded outbound request, as the portal's
 * own requests go; `redirects` only as many as that component follows (the feeds' 3).
 */
export async function probeHttp(url: string, signal: AbortSignal, ms: number, redirects = 0) {
  try {
    await outbound({
      url,
      reach: 'configured',
      redirects,
      signal,
      limits: { maxBytes: 0, maxErrorBytes: 0, timeoutMs: ms },
      inspect: (status, headers) => {
        throw new Answered(status, headers.get('server'));
      },
    });
  } catch (err) {
    if (!(err instanceof Answered)) throw err;
    return `HTTP ${err.status}${err.server ? ` (${err.server})` : ''}`;
  }
  throw new Error(`${printableUrl(url)} gave no answer`);
}

export async function probeOidc(issuer: URL, signal: AbortSignal, ms: number): Promise<string> {
  const discovery = new URL(
    '.well-known/openid-configuration',
    `${issuer.href.replace(/\/$/, '')}/`,
  );
  const answer = await outbound({
    url: discovery,
    reach: 'configured',
    signal,
    limits: { maxBytes: 256 * 1024, maxErrorBytes: 0, timeoutMs: ms },
  });
  if (answer.status < 200 || answer.status > 299) {
    throw new Error(`${printableUrl(discovery)} answered HTTP ${answer.status}`);
  }
  const document = JSON.parse(answer.body.toString('utf8')) as { issuer?: unknown };
  return `issuer ${typeof document.issuer === 'string' ? document.issuer : '(none named)'}`;
}

export async function probeSmtp(url: string, ms: number): Promise<string> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: ms,
    greetingTimeout: ms,
    socketTimeout: ms,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  try {
    await transport.verify();
    return 'SMTP accepted the connection and the sign-in';
  } finally {
    transport.close();
  }
}

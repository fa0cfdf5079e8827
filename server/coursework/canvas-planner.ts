import { z } from 'zod';

/**
 * A client of Canvas LMS's OAuth 2 endpoints and its Planner API: a student connects the portal to
 * Canvas once (authorization code grant), and the portal then reads the student's planner items and
 * marks them done in Canvas (planner overrides) with the student's tokens.
 *
 * Every call: no redirect followed, 15 s at most, at most 2 MB of answer, every answer checked
 * against its schema; 403 Rate Limit Exceeded retried after 1 s, 2 s and 4 s; an API call's 401
 * refreshes the access token once. An error's message never contains a token or a code.
 */

export interface CanvasSettings {
  /** The campus's Canvas origin, e.g. https://canvas.example.edu (no path). */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The portal's callback address registered with the developer key. */
  redirectUri: string;
  /** Waits between throttled retries (tests pass a fake). Default: setTimeout-based. */
  sleep?: (ms: number) => Promise<void>;
  /** Current time (tests). Default: () => new Date(). */
  now?: () => Date;
}

/** A student's tokens. Canvas sends the refresh token once (with the first grant); it is kept. */
export interface CanvasTokens {
  access: string;
  refresh: string;
  /** Epoch ms. */
  expiresAt: number;
}

export type CanvasSubmission = 'graded' | 'submitted' | 'missing' | 'excused' | null;

export interface PlannerItem {
  /** `${plannable_type}:${plannable_id}`, e.g. "assignment:42": stable across readings. */
  key: string;
  plannableType: string;
  plannableId: number;
  title: string;
  /** context_name (the course's name), or null. */
  course: string | null;
  /** plannable.due_at, else plannable_date, as a Date; items with neither are left out. */
  due: Date;
  /** html_url resolved against the Canvas origin; null if it would leave that origin or is not http(s). */
  link: string | null;
  /** From `submissions` (false when not submittable): excused > graded > submitted > missing > null. */
  submission: CanvasSubmission;
  /** planner_override: its id and marked_complete, or null when there is none. */
  override: { id: number; done: boolean } | null;
}

export type CanvasFailure = 'refused' | 'throttled' | 'unavailable' | 'too-large';

/**
 * A call that failed: `refused` = 401 / invalid_grant (the student must connect again),
 * `throttled` = still 403 Rate Limit Exceeded after the retries, `unavailable` = network, timeout,
 * 5xx or a malformed answer (a redirect, or a status the call does not expect, too), `too-large` =
 * over the size/page bounds. The message never contains a token.
 */
export class CanvasError extends Error {
  override name = 'CanvasError';
  constructor(
    readonly failure: CanvasFailure,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** The developer key scopes the portal asks for: reading planner items, writing overrides. */
const SCOPES = [
  'url:GET|/api/v1/planner/items',
  'url:POST|/api/v1/planner/overrides',
  'url:PUT|/api/v1/planner/overrides/:id',
].join(' ');

const AUTHORIZE_PATH = '/login/oauth2/auth';
const TOKEN_PATH = '/login/oauth2/token';
const ITEMS_PATH = '/api/v1/planner/items';
const OVERRIDES_PATH = '/api/v1/planner/overrides';

const TIMEOUT_MS = 15_000;
const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** What is kept of an error answer (a 403's text, a token error's code): enough to read its kind. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;
const MAX_PAGES = 20;
const PER_PAGE = 100;
/** The waits before the retries of a throttled call; one more 403 after the last is `throttled`. */
const THROTTLE_WAITS_MS = [1_000, 2_000, 4_000];
/** Canvas's rate limit bucket: below this, paging slows down a little. */
const LOW_RATE_REMAINING = 100;
const LOW_RATE_WAIT_MS = 500;
/** An access token expiring sooner than this is refreshed before a call. */
const REFRESH_MARGIN_MS = 60_000;
/** Canvas's access tokens last an hour; an answer without `expires_in` is taken to say so. */
const DEFAULT_EXPIRES_IN_S = 3_600;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
/** Canvas's JSON hijacking guard, which some setups put before every JSON answer. */
const WHILE_PREFIX = /^\s*while\(1\);/;

const canvasId = z.int().nonnegative();
const isoDate = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'not a date');

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().positive().optional(),
});

/** An OAuth error's code (invalid_grant…), kept only when it is one: Canvas's text is never echoed. */
const tokenErrorSchema = z.object({ error: z.string().regex(/^[a-z_]{1,64}$/) });

const submissionsSchema = z.union([
  z.literal(false),
  z.object({
    submitted: z.boolean().optional(),
    excused: z.boolean().optional(),
    graded: z.boolean().optional(),
    missing: z.boolean().optional(),
  }),
]);

const plannerItemSchema = z.object({
  plannable_id: canvasId,
  plannable_type: z.string().min(1),
  plannable_date: isoDate.nullish(),
  plannable: z.object({
    title: z.string().nullish(),
    due_at: isoDate.nullish(),
  }),
  submissions: submissionsSchema.nullish(),
  planner_override: z.object({ id: canvasId, marked_complete: z.boolean() }).nullish(),
  html_url: z.string().nullish(),
  context_name: z.string().nullish(),
});

const plannerPageSchema = z.array(plannerItemSchema);

const overrideAnswerSchema = z.object({ id: canvasId, marked_complete: z.boolean() });

type PlannerItemAnswer = z.output<typeof plannerItemSchema>;

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

/** The tokens of one call of the client, replaced when they are refreshed on the way. */
interface Session {
  tokens: CanvasTokens;
  /** Whether the one refresh a 401 allows has been spent. */
  refreshedOn401: boolean;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function canvasOrigin(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new Error('The Canvas address is not a URL (e.g. https://canvas.example.edu).');
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new Error('The Canvas address must be https: (http: only on a loopback host).');
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    throw new Error('The Canvas address is an origin only, e.g. https://canvas.example.edu.');
  }
  return url.origin;
}

const unavailable = (message: string, status: number | null = null) =>
  new CanvasError('unavailable', message, status);

const tooLarge = (what: string) =>
  new CanvasError(
    'too-large',
    `Canvas's answer to ${what} is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`,
  );

const isRateLimited = (answer: Answer) =>
  answer.status === 403 && answer.body.includes('Rate Limit Exceeded');

const isOk = (status: number) => status >= 200 && status <= 299;

/**
 * Reads a body up to `maxBytes`. Over it, a good answer is `too-large`; an error answer is only
 * cut short, as what it says is in its first bytes.
 */
async function readCapped(response: Response, maxBytes: number, truncate: boolean, what: string) {
  if (!response.body) return '';
  // A fetch body is bytes (Node's types leave its chunks untyped).
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      reader.cancel().catch(() => undefined);
      if (!truncate) throw tooLarge(what);
      return text + decoder.decode(value.subarray(0, value.byteLength - (size - maxBytes)));
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

function parseAnswer<T extends z.ZodType>(schema: T, answer: Answer, what: string): z.output<T> {
  let data: unknown;
  try {
    data = JSON.parse(answer.body.replace(WHILE_PREFIX, ''));
  } catch {
    throw unavailable(`Canvas's answer to ${what} is not JSON.`, answer.status);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw unavailable(`Canvas's answer to ${what} is not in the expected shape.`, answer.status);
  }
  return parsed.data;
}

/** The Link header's rel="next" address, when it stays on the Canvas origin. */
function nextPage(header: string | null, current: URL, origin: string): URL | null {
  if (!header) return null;
  for (const [, target = '', params = ''] of header.matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (!rels.includes('next')) continue;
    let next: URL;
    try {
      next = new URL(target, current);
    } catch {
      return null;
    }
    return next.origin === origin && !next.username && !next.password ? next : null;
  }
  return null;
}

function submissionOf(submissions: PlannerItemAnswer['submissions']): CanvasSubmission {
  if (!submissions) return null;
  if (submissions.excused) return 'excused';
  if (submissions.graded) return 'graded';
  if (submissions.submitted) return 'submitted';
  if (submissions.missing) return 'missing';
  return null;
}

function linkOf(htmlUrl: string | null | undefined, origin: string): string | null {
  if (!htmlUrl) return null;
  let url: URL;
  try {
    url = new URL(htmlUrl, origin);
  } catch {
    return null;
  }
  // The origin is http(s): one that equals it is too (javascript:, data: have the origin "null").
  return url.origin === origin && !url.username && !url.password ? url.href : null;
}

function plannerItemOf(answer: PlannerItemAnswer, origin: string): PlannerItem | null {
  const date = answer.plannable.due_at ?? answer.plannable_date;
  if (!date) return null;
  return {
    key: `${answer.plannable_type}:${answer.plannable_id}`,
    plannableType: answer.plannable_type,
    plannableId: answer.plannable_id,
    title: answer.plannable.title ?? '',
    course: answer.context_name ?? null,
    due: new Date(date),
    link: linkOf(answer.html_url, origin),
    submission: submissionOf(answer.submissions),
    override: answer.planner_override
      ? { id: answer.planner_override.id, done: answer.planner_override.marked_complete }
      : null,
  };
}

export class CanvasPlanner {
  private readonly origin: string;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => Date;

  constructor(private readonly settings: CanvasSettings) {
    this.origin = canvasOrigin(settings.url);
    this.sleep = settings.sleep ?? defaultSleep;
    this.now = settings.now ?? (() => new Date());
  }

  /** The authorization address (GET /login/oauth2/auth) the student's browser is sent to. */
  authorizeUrl(state: string): string {
    const url = this.endpoint(AUTHORIZE_PATH);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.settings.clientId,
      redirect_uri: this.settings.redirectUri,
      state,
      scope: SCOPES,
    }).toString();
    return url.href;
  }

  /** Trades the callback's code for the student's tokens (grant_type=authorization_code). */
  async exchangeCode(code: string): Promise<CanvasTokens> {
    const answer = await this.grant('the code exchange', {
      grant_type: 'authorization_code',
      client_id: this.settings.clientId,
      client_secret: this.settings.clientSecret,
      redirect_uri: this.settings.redirectUri,
      code,
    });
    if (!answer.refresh_token) {
      throw unavailable('Canvas sent no refresh token with the first grant.');
    }
    return {
      access: answer.access_token,
      refresh: answer.refresh_token,
      expiresAt: this.expiresAt(answer.expires_in),
    };
  }

  /** A new access token (grant_type=refresh_token); the refresh token stays unless Canvas sends one. */
  async refresh(tokens: CanvasTokens): Promise<CanvasTokens> {
    const answer = await this.grant('the token refresh', {
      grant_type: 'refresh_token',
      client_id: this.settings.clientId,
      client_secret: this.settings.clientSecret,
      refresh_token: tokens.refresh,
    });
    return {
      access: answer.access_token,
      refresh: answer.refresh_token ?? tokens.refresh,
      expiresAt: this.expiresAt(answer.expires_in),
    };
  }

  /**
   * Ends the student's connection (DELETE /login/oauth2/token), refreshing an expired access token
   * first. Tokens Canvas no longer knows (a 401, or a refused refresh) are already gone: that is done.
   */
  async revoke(tokens: CanvasTokens): Promise<void> {
    const session: Session = { tokens, refreshedOn401: false };
    try {
      await this.freshen(session);
    } catch (error) {
      if (error instanceof CanvasError && error.failure === 'refused') return;
      throw error;
    }
    const answer = await this.send('the disconnection', 'DELETE', this.endpoint(TOKEN_PATH), {
      authorization: `Bearer ${session.tokens.access}`,
    });
    if (answer.status === 401 || isOk(answer.status)) return;
    throw this.failureOf(answer, 'the disconnection');
  }

  /**
   * The student's planner items between `window.start` and `window.end`, every page (at most 20), in
   * Canvas's order, and the tokens now in use (changed when they were refreshed on the way).
   */
  async items(
    tokens: CanvasTokens,
    window: { start: Date; end: Date },
  ): Promise<{ items: PlannerItem[]; tokens: CanvasTokens }> {
    const what = 'the planner items';
    const session: Session = { tokens, refreshedOn401: false };
    await this.freshen(session);
    let url = this.endpoint(ITEMS_PATH);
    url.search = new URLSearchParams({
      start_date: window.start.toISOString(),
      end_date: window.end.toISOString(),
      per_page: String(PER_PAGE),
    }).toString();
    const items: PlannerItem[] = [];
    const seen = new Set<string>();
    for (let page = 1; ; page += 1) {
      const answer = await this.api(session, what, 'GET', url);
      if (!isOk(answer.status)) throw this.failureOf(answer, what);
      for (const row of parseAnswer(plannerPageSchema, answer, what)) {
        const item = plannerItemOf(row, this.origin);
        if (!item || seen.has(item.key)) continue;
        seen.add(item.key);
        items.push(item);
      }
      const next = nextPage(answer.headers.get('link'), url, this.origin);
      if (!next) break;
      if (page >= MAX_PAGES) {
        throw new CanvasError(
          'too-large',
          `The planner has more than ${MAX_PAGES} pages of items in the window.`,
        );
      }
      const remaining = Number.parseFloat(answer.headers.get('x-rate-limit-remaining') ?? '');
      if (remaining < LOW_RATE_REMAINING) await this.sleep(LOW_RATE_WAIT_MS);
      url = next;
    }
    return { items, tokens: session.tokens };
  }

  /**
   * Marks an item done (or not) in Canvas: updates its planner override when it has one, else
   * creates one. Returns the override's id and the tokens now in use.
   */
  async setDone(
    tokens: CanvasTokens,
    item: { plannableType: string; plannableId: number; overrideId: number | null },
    done: boolean,
  ): Promise<{ overrideId: number; tokens: CanvasTokens }> {
    const what = 'the done mark';
    const session: Session = { tokens, refreshedOn401: false };
    await this.freshen(session);
    const answer =
      item.overrideId === null
        ? await this.api(session, what, 'POST', this.endpoint(OVERRIDES_PATH), {
            plannable_type: item.plannableType,
            plannable_id: item.plannableId,
            marked_complete: done,
          })
        : await this.api(
            session,
            what,
            'PUT',
            this.endpoint(`${OVERRIDES_PATH}/${encodeURIComponent(String(item.overrideId))}`),
            { marked_complete: done },
          );
    if (!isOk(answer.status)) throw this.failureOf(answer, what);
    const override = parseAnswer(overrideAnswerSchema, answer, what);
    return { overrideId: override.id, tokens: session.tokens };
  }

  private endpoint(path: string): URL {
    return new URL(path, this.origin);
  }

  private expiresAt(expiresIn: number | undefined): number {
    return this.now().getTime() + (expiresIn ?? DEFAULT_EXPIRES_IN_S) * 1000;
  }

  /** Refreshes the session's access token when it expires within a minute. */
  private async freshen(session: Session) {
    if (session.tokens.expiresAt - this.now().getTime() < REFRESH_MARGIN_MS) {
      session.tokens = await this.refresh(session.tokens);
    }
  }

  /** A call of the token endpoint: 400, 401 and 403 (invalid_grant, invalid_client…) are `refused`. */
  private async grant(what: string, form: Record<string, string>) {
    const answer = await this.send(
      what,
      'POST',
      this.endpoint(TOKEN_PATH),
      { 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams(form).toString(),
    );
    if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
      let code = '';
      try {
        const parsed = tokenErrorSchema.safeParse(
          JSON.parse(answer.body.replace(WHILE_PREFIX, '')),
        );
        if (parsed.success) code = ` (${parsed.data.error})`;
      } catch {
        // Not JSON: the status says enough.
      }
      throw new CanvasError(
        'refused',
        `Canvas refused ${what}${code}: the student must connect Canvas again.`,
        answer.status,
      );
    }
    if (!isOk(answer.status)) throw this.failureOf(answer, what);
    return parseAnswer(tokenAnswerSchema, answer, what);
  }

  /** An API call with the session's access token; a 401 refreshes it once and calls again. */
  private async api(session: Session, what: string, method: string, url: URL, body?: unknown) {
    for (;;) {
      const answer = await this.send(
        what,
        method,
        url,
        {
          authorization: `Bearer ${session.tokens.access}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body === undefined ? undefined : JSON.stringify(body),
      );
      if (answer.status !== 401) return answer;
      if (session.refreshedOn401) {
        throw new CanvasError(
          'refused',
          `Canvas refused the student's access to ${what}: the student must connect Canvas again.`,
          401,
        );
      }
      session.refreshedOn401 = true;
      session.tokens = await this.refresh(session.tokens);
    }
  }

  /** The failure an answer that is not a success stands for (401s are the caller's to read). */
  private failureOf(answer: Answer, what: string): CanvasError {
    if (answer.status === 403) {
      return new CanvasError(
        'refused',
        `Canvas refused ${what} (HTTP 403): the student must connect Canvas again.`,
        403,
      );
    }
    return unavailable(
      `Canvas answered ${what} with an error (HTTP ${answer.status}).`,
      answer.status,
    );
  }

  /** One call, retried after 1 s, 2 s and 4 s while Canvas answers 403 Rate Limit Exceeded. */
  private async send(
    what: string,
    method: string,
    url: URL,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await this.once(what, method, url, headers, body);
      if (!isRateLimited(answer)) return answer;
      const wait = THROTTLE_WAITS_MS[attempt];
      if (wait === undefined) {
        throw new CanvasError(
          'throttled',
          `Canvas is still limiting the portal's calls (${what}); try again in a few minutes.`,
          403,
        );
      }
      await this.sleep(wait);
    }
  }

  private async once(
    what: string,
    method: string,
    url: URL,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> {
    try {
      const response = await fetch(url, {
        method,
        headers: { accept: 'application/json', 'user-agent': 'CampusPortal-Canvas', ...headers },
        ...(body === undefined ? {} : { body }),
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const { status } = response;
      if (response.type === 'opaqueredirect' || (status >= 300 && status <= 399)) {
        response.body?.cancel().catch(() => undefined);
        throw unavailable(`Canvas answered ${what} with a redirect (HTTP ${status}).`, status);
      }
      const ok = isOk(status);
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (ok && declared > MAX_BODY_BYTES) {
        response.body?.cancel().catch(() => undefined);
        throw tooLarge(what);
      }
      const text = await readCapped(
        response,
        ok ? MAX_BODY_BYTES : MAX_ERROR_BODY_BYTES,
        !ok,
        what,
      );
      return { status, headers: response.headers, body: text };
    } catch (error) {
      if (error instanceof CanvasError) throw error;
      throw unavailable(
        error instanceof Error && error.name === 'TimeoutError'
          ? `Canvas did not answer ${what} in time.`
          : `Canvas could not be reached for ${what}.`,
      );
    }
  }
}

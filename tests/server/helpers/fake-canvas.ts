import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { z } from 'zod';

/** A planner item's `submissions` object, as Canvas sends it for a submittable item. */
interface FakeSubmissionFlags {
  submitted: boolean;
  excused: boolean;
  graded: boolean;
  late: boolean;
  missing: boolean;
  needs_grading: boolean;
  has_feedback: boolean;
}

type FakePlannableType =
  'assignment' | 'quiz' | 'discussion_topic' | 'wiki_page' | 'planner_note' | 'calendar_event';

/** A planner item as Canvas answers it, but for `planner_override`, added from the overrides. */
interface FakePlannerItem {
  context_type: 'Course';
  course_id: number;
  plannable_id: number;
  plannable_type: FakePlannableType;
  plannable_date: string;
  plannable: { id: number; title: string; due_at?: string | null; points_possible?: number | null };
  submissions: false | FakeSubmissionFlags;
  html_url: string;
  context_name: string | null;
  new_activity: boolean;
}

interface FakeOverride {
  id: number;
  plannable_type: string;
  plannable_id: number;
  user_id: number;
  workflow_state: 'active';
  marked_complete: boolean;
  dismissed: boolean;
  created_at: string;
  updated_at: string;
}

/** An answer given in place of the fake's own: any status, headers and body. */
interface FakeAnswer {
  status: number;
  body: string | Buffer;
  headers?: Record<string, string>;
  /** Only for a request of this path (any path when absent). */
  path?: string;
  /** Sent in pieces with no Content-Length (a body whose size is known only once read). */
  chunked?: boolean;
  /** Left unfinished after the body: a Content-Length in `headers` larger than it is never met. */
  hold?: boolean;
}

interface FakeGrant {
  userId: number;
  scopes: string[];
}

/** What the fake Canvas knows and does, for a test to set and inspect. */
interface FakeCanvasState {
  /** Canvas users: id → name (the token answer's `user`). */
  users: Map<number, string>;
  /** Who signs in at GET /login/oauth2/auth (the fake shows no login form). */
  loginAs: number;
  /** Planner items by user id (see addAssignment), answered by date, in pages of `pageSize`. */
  items: Map<number, FakePlannerItem[]>;
  /** Authorization codes not yet exchanged. */
  codes: Map<string, FakeGrant & { redirectUri: string }>;
  /** Issued access tokens: who, until when (epoch ms), and the refresh token they came with. */
  accessTokens: Map<string, FakeGrant & { expiresAt: number; refresh: string }>;
  /** Issued refresh tokens and the access token each now stands with. */
  refreshTokens: Map<string, FakeGrant & { access: string }>;
  /** Tokens ended by DELETE /login/oauth2/token (access and refresh). */
  revoked: Set<string>;
  /** Planner overrides by id. */
  overrides: Map<number, FakeOverride>;
  /** Requests by `METHOD /path`, e.g. `GET /api/v1/planner/items`, counted as they arrive. */
  requests: Map<string, number>;
  /** The next N API requests answer 403 "403 Forbidden (Rate Limit Exceeded)". */
  throttleNext: number;
  /** X-Rate-Limit-Remaining on API answers. */
  rateRemaining: number;
  /** The origin of the planner's next-page links (the fake's own when null). */
  nextLinkOrigin: string | null;
  /** Items per planner page (at most the request's per_page). */
  pageSize: number;
  /** Puts Canvas's `while(1);` before every JSON answer. */
  whilePrefix: boolean;
  /** Answers given, in order, in place of the fake's own to the next requests (of their path). */
  answerNext: FakeAnswer[];
  /** Called as each request arrives, after it is counted (e.g. to expire the tokens mid-paging). */
  onRequest: ((method: string, path: string) => void) | null;
  /** Every access token issued so far answers 401 from now on; refresh tokens stay good. */
  expireAll: () => void;
}

export interface FakeCanvas {
  /** The fake's origin, e.g. http://127.0.0.1:40123 (no trailing slash). */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The only redirect_uri the fake's developer key accepts (settable once the portal is up). */
  redirectUri: string;
  state: FakeCanvasState;
  close: () => Promise<void>;
}

/** The scopes of a portal's developer key; tokens issued without one are refused its endpoint. */
const READ_ITEMS = 'url:GET|/api/v1/planner/items';
const CREATE_OVERRIDE = 'url:POST|/api/v1/planner/overrides';
const UPDATE_OVERRIDE = 'url:PUT|/api/v1/planner/overrides/:id';
const ALL_SCOPES = [READ_ITEMS, CREATE_OVERRIDE, UPDATE_OVERRIDE];

const ITEMS_PATH = '/api/v1/planner/items';
const OVERRIDES_PATH = '/api/v1/planner/overrides';
const OVERRIDE_PATH = /^\/api\/v1\/planner\/overrides\/(\d+)$/;
const TOKEN_PATH = '/login/oauth2/token';
const AUTHORIZE_PATH = '/login/oauth2/auth';

const INVALID_TOKEN = { errors: [{ message: 'Invalid access token.' }] };
const NOT_FOUND = { errors: [{ message: 'The specified resource does not exist.' }] };

const token = (kind: string) => `fake-${kind}-${randomBytes(16).toString('base64url')}`;

const boolish = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
]);
const overrideCreateSchema = z.object({
  plannable_type: z.string().min(1),
  plannable_id: z.coerce.number().int(),
  marked_complete: boolish.optional(),
  dismissed: boolish.optional(),
});
const overrideUpdateSchema = z.object({
  marked_complete: boolish.optional(),
  dismissed: boolish.optional(),
});
const bookmarkSchema = z.tuple([z.int().nonnegative()]);

function issue(state: FakeCanvasState, grant: FakeGrant, expiresIn: number) {
  const access = token('access');
  const refresh = token('refresh');
  const expiresAt = Date.now() + expiresIn * 1000;
  state.accessTokens.set(access, { ...grant, expiresAt, refresh });
  state.refreshTokens.set(refresh, { ...grant, access });
  return { access, refresh, expiresAt };
}

/**
 * Tokens for `userId` as if the student had connected through the OAuth endpoints: the fake's
 * developer key scopes unless others are given.
 */
export function issueTokens(
  canvas: FakeCanvas,
  userId: number,
  options: { expiresIn?: number; scopes?: string[] } = {},
): { access: string; refresh: string; expiresAt: number } {
  return issue(
    canvas.state,
    { userId, scopes: options.scopes ?? ALL_SCOPES },
    options.expiresIn ?? 3600,
  );
}

/**
 * Adds a planner item to `userId`'s planner (an assignment unless `type` says otherwise) and
 * returns it, for a test to change further. Its plannable_date is `date`, else `due`.
 */
export function addAssignment(
  canvas: FakeCanvas,
  userId: number,
  assignment: {
    id: number;
    title?: string;
    /** ISO; null or absent: no due date. */
    due?: string | null;
    /** The planner date when it is not the due date (required without `due`). */
    date?: string;
    course?: string | null;
    courseId?: number;
    /** Flags set (the others false); false: not submittable. */
    submission?: Partial<FakeSubmissionFlags> | false;
    type?: FakePlannableType;
  },
): FakePlannerItem {
  const type = assignment.type ?? 'assignment';
  const courseId = assignment.courseId ?? 101;
  const date = assignment.date ?? assignment.due;
  if (!date) throw new Error('A planner item needs a due date or a planner date.');
  const paths: Record<FakePlannableType, string> = {
    assignment: 'assignments',
    quiz: 'quizzes',
    discussion_topic: 'discussion_topics',
    wiki_page: 'pages',
    planner_note: 'planner_notes',
    calendar_event: 'calendar_events',
  };
  const item: FakePlannerItem = {
    context_type: 'Course',
    course_id: courseId,
    plannable_id: assignment.id,
    plannable_type: type,
    plannable_date: date,
    plannable: {
      id: assignment.id,
      title: assignment.title ?? `Assignment ${assignment.id}`,
      due_at: assignment.due ?? null,
      points_possible: 10,
    },
    submissions:
      assignment.submission === false
        ? false
        : {
            submitted: false,
            excused: false,
            graded: false,
            late: false,
            missing: false,
            needs_grading: false,
            has_feedback: false,
            ...assignment.submission,
          },
    html_url: `/courses/${courseId}/${paths[type]}/${assignment.id}`,
    context_name: assignment.course === undefined ? 'ENGL 101' : assignment.course,
    new_activity: false,
  };
  const items = canvas.state.items.get(userId) ?? [];
  items.push(item);
  canvas.state.items.set(userId, items);
  if (!canvas.state.users.has(userId)) canvas.state.users.set(userId, `Student ${userId}`);
  return item;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const part = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += part.byteLength;
    if (size > 1024 * 1024) throw new Error('request body too large');
    chunks.push(part);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A request body as an object: JSON or a form (Canvas takes both on its API). */
function fields(req: IncomingMessage, body: string): unknown {
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('application/json')) {
    try {
      return JSON.parse(body);
    } catch {
      return null;
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/**
 * A fake Canvas LMS on 127.0.0.1 for tests: its OAuth 2 endpoints (authorization code and refresh
 * grants, revocation) and the Planner API's items and overrides, in Canvas's documented shapes,
 * with Canvas's ways of failing (rate limiting, expired tokens) set through `state`.
 */
export async function startFakeCanvas(
  options: {
    pageSize?: number;
    clientId?: string;
    clientSecret?: string;
    redirectUri?: string;
    /** Seconds an access token lasts (expires_in). Default 3600. */
    expiresIn?: number;
  } = {},
): Promise<FakeCanvas> {
  const clientId = options.clientId ?? '10000000000042';
  const clientSecret = options.clientSecret ?? 'fake-canvas-client-secret';
  // Settable after the start (FakeCanvas.redirectUri): a portal started after this fake has its
  // address only then.
  let redirectUri = options.redirectUri ?? 'http://127.0.0.1:3000/api/canvas/callback';
  const expiresIn = options.expiresIn ?? 3600;
  let nextOverrideId = 1;
  const state: FakeCanvasState = {
    users: new Map([[1, 'Kim Parker']]),
    loginAs: 1,
    items: new Map(),
    codes: new Map(),
    accessTokens: new Map(),
    refreshTokens: new Map(),
    revoked: new Set(),
    overrides: new Map(),
    requests: new Map(),
    throttleNext: 0,
    rateRemaining: 700,
    nextLinkOrigin: null,
    pageSize: options.pageSize ?? 2,
    whilePrefix: false,
    answerNext: [],
    onRequest: null,
    expireAll() {
      for (const grant of state.accessTokens.values()) grant.expiresAt = 0;
    },
  };

  const server = createServer();
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const send = (res: ServerResponse, status: number, value: unknown, api = false) => {
    const body = (state.whilePrefix ? 'while(1);' : '') + JSON.stringify(value);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      ...(api ? { 'x-rate-limit-remaining': String(state.rateRemaining) } : {}),
    });
    res.end(body);
  };

  const sendRaw = (res: ServerResponse, answer: FakeAnswer) => {
    const body = Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(answer.body);
    res.writeHead(answer.status, {
      'content-type': 'text/html; charset=utf-8',
      ...(answer.chunked ? {} : { 'content-length': body.byteLength }),
      ...answer.headers,
    });
    if (answer.hold) {
      res.write(body);
      return;
    }
    if (!answer.chunked) {
      res.end(body);
      return;
    }
    // In pieces, each waiting for the socket, so a reader that stops early is not fed the rest.
    let offset = 0;
    const more = () => {
      while (offset < body.byteLength) {
        const piece = body.subarray(offset, offset + 64 * 1024);
        offset += piece.byteLength;
        if (!res.write(piece)) {
          res.once('drain', more);
          return;
        }
      }
      res.end();
    };
    more();
  };

  const authorize = (res: ServerResponse, query: URLSearchParams) => {
    if (query.get('client_id') !== clientId) {
      return send(res, 400, { error: 'invalid_client', error_description: 'unknown client' });
    }
    const redirect = query.get('redirect_uri');
    if (redirect !== redirectUri) {
      return send(res, 400, {
        error: 'invalid_request',
        error_description: 'redirect_uri does not match client settings',
      });
    }
    const back = new URL(redirect);
    if (query.get('response_type') !== 'code') {
      back.searchParams.set('error', 'unsupported_response_type');
    } else {
      const code = token('code');
      const scope = query.get('scope');
      state.codes.set(code, {
        userId: state.loginAs,
        redirectUri: redirect,
        scopes: scope ? scope.split(' ').filter(Boolean) : [],
      });
      back.searchParams.set('code', code);
    }
    const given = query.get('state');
    if (given !== null) back.searchParams.set('state', given);
    res.writeHead(302, { location: back.href });
    res.end();
  };

  const tokenAnswer = (grant: FakeGrant & { access: string; refresh?: string }) => ({
    access_token: grant.access,
    token_type: 'Bearer',
    user: { id: grant.userId, name: state.users.get(grant.userId) ?? `Student ${grant.userId}` },
    ...(grant.refresh ? { refresh_token: grant.refresh } : {}),
    expires_in: expiresIn,
  });

  const grantTokens = (req: IncomingMessage, res: ServerResponse, body: string) => {
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return send(res, 400, { error: 'invalid_request', error_description: 'form body expected' });
    }
    const form = new URLSearchParams(body);
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      return send(res, 401, { error: 'invalid_client', error_description: 'unknown client' });
    }
    const invalidGrant = (description: string) =>
      send(res, 400, { error: 'invalid_grant', error_description: description });
    switch (form.get('grant_type')) {
      case 'authorization_code': {
        const code = form.get('code') ?? '';
        const pending = state.codes.get(code);
        if (!pending) return invalidGrant('authorization_code not found');
        if (form.get('redirect_uri') !== pending.redirectUri) {
          return invalidGrant('redirect_uri does not match');
        }
        state.codes.delete(code);
        const issued = issue(state, { userId: pending.userId, scopes: pending.scopes }, expiresIn);
        return send(res, 200, tokenAnswer({ ...pending, ...issued }));
      }
      case 'refresh_token': {
        const refresh = form.get('refresh_token') ?? '';
        const grant = state.refreshTokens.get(refresh);
        if (!grant) return invalidGrant('refresh_token not found');
        // Canvas regenerates the access token of the grant: the one before stops working.
        state.accessTokens.delete(grant.access);
        const access = token('access');
        grant.access = access;
        state.accessTokens.set(access, {
          userId: grant.userId,
          scopes: grant.scopes,
          expiresAt: Date.now() + expiresIn * 1000,
          refresh,
        });
        return send(res, 200, tokenAnswer({ ...grant, access }));
      }
      default:
        return send(res, 400, { error: 'unsupported_grant_type' });
    }
  };

  const bearer = (req: IncomingMessage) => {
    const given = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = given === undefined ? undefined : state.accessTokens.get(given);
    return given !== undefined && grant && grant.expiresAt > Date.now()
      ? { access: given, ...grant }
      : null;
  };

  const unauthorized = (res: ServerResponse, message = INVALID_TOKEN) => {
    res.setHeader('www-authenticate', 'Bearer realm="canvas-lms"');
    send(res, 401, message, true);
  };

  const revoke = (req: IncomingMessage, res: ServerResponse) => {
    const grant = bearer(req);
    if (!grant) return unauthorized(res);
    state.accessTokens.delete(grant.access);
    state.refreshTokens.delete(grant.refresh);
    state.revoked.add(grant.access);
    state.revoked.add(grant.refresh);
    send(res, 200, {});
  };

  const overrideOf = (userId: number, item: FakePlannerItem) =>
    [...state.overrides.values()].find(
      (override) =>
        override.user_id === userId &&
        override.plannable_type === item.plannable_type &&
        override.plannable_id === item.plannable_id,
    ) ?? null;

  const plannerItems = (res: ServerResponse, userId: number, query: URLSearchParams) => {
    const start = query.get('start_date');
    const end = query.get('end_date');
    const from = start === null ? -Infinity : Date.parse(start);
    const to = end === null ? Infinity : Date.parse(end);
    if (Number.isNaN(from) || Number.isNaN(to)) {
      return send(res, 400, { errors: [{ message: 'Invalid date or invalid datetime' }] }, true);
    }
    const all = (state.items.get(userId) ?? [])
      .filter((item) => {
        const date = Date.parse(item.plannable_date);
        return date >= from && date <= to;
      })
      .sort((a, b) => Date.parse(a.plannable_date) - Date.parse(b.plannable_date));
    const perPage = Math.min(Number(query.get('per_page') ?? 10) || 10, state.pageSize);
    const page = query.get('page') ?? '';
    let offset = 0;
    if (page.startsWith('bookmark:')) {
      try {
        const parsed = bookmarkSchema.safeParse(
          JSON.parse(Buffer.from(page.slice('bookmark:'.length), 'base64url').toString('utf8')),
        );
        if (parsed.success) offset = parsed.data[0];
      } catch {
        // Canvas starts over on a bookmark it cannot read.
      }
    }
    const link = (origin: string, at: number | null) => {
      const address = new URL(ITEMS_PATH, origin);
      address.search = query.toString();
      if (at === null) address.searchParams.delete('page');
      else {
        const bookmark = Buffer.from(JSON.stringify([at])).toString('base64url');
        address.searchParams.set('page', `bookmark:${bookmark}`);
      }
      return address.href;
    };
    const links = [`<${link(url, offset || null)}>; rel="current"`];
    if (offset + perPage < all.length) {
      links.push(`<${link(state.nextLinkOrigin ?? url, offset + perPage)}>; rel="next"`);
    }
    links.push(`<${link(url, null)}>; rel="first"`);
    res.setHeader('link', links.join(','));
    send(
      res,
      200,
      all
        .slice(offset, offset + perPage)
        .map((item) => ({ ...item, planner_override: overrideOf(userId, item) })),
      true,
    );
  };

  const createOverride = (res: ServerResponse, userId: number, body: unknown) => {
    const parsed = overrideCreateSchema.safeParse(body);
    if (!parsed.success) return send(res, 400, { errors: [{ message: 'Invalid params' }] }, true);
    const { plannable_type, plannable_id, marked_complete, dismissed } = parsed.data;
    const item = (state.items.get(userId) ?? []).find(
      (one) => one.plannable_type === plannable_type && one.plannable_id === plannable_id,
    );
    if (!item) return send(res, 404, NOT_FOUND, true);
    if (overrideOf(userId, item)) {
      return send(
        res,
        400,
        { errors: { plannable_id: [{ attribute: 'plannable_id', type: 'taken' }] } },
        true,
      );
    }
    const now = new Date().toISOString();
    const override: FakeOverride = {
      id: nextOverrideId++,
      plannable_type,
      plannable_id,
      user_id: userId,
      workflow_state: 'active',
      marked_complete: marked_complete ?? false,
      dismissed: dismissed ?? false,
      created_at: now,
      updated_at: now,
    };
    state.overrides.set(override.id, override);
    send(res, 201, override, true);
  };

  const updateOverride = (res: ServerResponse, userId: number, id: number, body: unknown) => {
    const override = state.overrides.get(id);
    if (!override || override.user_id !== userId) return send(res, 404, NOT_FOUND, true);
    const parsed = overrideUpdateSchema.safeParse(body);
    if (!parsed.success) return send(res, 400, { errors: [{ message: 'Invalid params' }] }, true);
    if (parsed.data.marked_complete !== undefined) {
      override.marked_complete = parsed.data.marked_complete;
    }
    if (parsed.data.dismissed !== undefined) override.dismissed = parsed.data.dismissed;
    override.updated_at = new Date().toISOString();
    send(res, 200, override, true);
  };

  const api = (req: IncomingMessage, res: ServerResponse, address: URL, body: string) => {
    if (state.throttleNext > 0) {
      state.throttleNext -= 1;
      const text = '403 Forbidden (Rate Limit Exceeded)\n';
      res.writeHead(403, {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': Buffer.byteLength(text),
        'x-rate-limit-remaining': '0.0',
      });
      res.end(text);
      return;
    }
    const grant = bearer(req);
    if (!grant) return unauthorized(res);
    const method = req.method ?? 'GET';
    const path = address.pathname;
    const id = OVERRIDE_PATH.exec(path)?.[1];
    const scope =
      method === 'GET' && path === ITEMS_PATH
        ? READ_ITEMS
        : method === 'POST' && path === OVERRIDES_PATH
          ? CREATE_OVERRIDE
          : method === 'PUT' && id !== undefined
            ? UPDATE_OVERRIDE
            : null;
    if (scope === null) return send(res, 404, NOT_FOUND, true);
    if (!grant.scopes.includes(scope)) {
      return unauthorized(res, { errors: [{ message: 'Insufficient scopes on access token.' }] });
    }
    if (method === 'GET') return plannerItems(res, grant.userId, address.searchParams);
    if (method === 'POST') return createOverride(res, grant.userId, fields(req, body));
    return updateOverride(res, grant.userId, Number(id), fields(req, body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const address = new URL(req.url ?? '/', url);
    const path = address.pathname;
    const key = `${method} ${path}`;
    state.requests.set(key, (state.requests.get(key) ?? 0) + 1);
    state.onRequest?.(method, path);
    const body = await readBody(req);
    const canned = state.answerNext.findIndex((one) => one.path === undefined || one.path === path);
    if (canned >= 0) {
      const [answer] = state.answerNext.splice(canned, 1);
      if (answer) return sendRaw(res, answer);
    }
    if (method === 'GET' && path === AUTHORIZE_PATH) return authorize(res, address.searchParams);
    if (method === 'POST' && path === TOKEN_PATH) return grantTokens(req, res, body);
    if (method === 'DELETE' && path === TOKEN_PATH) return revoke(req, res);
    if (path.startsWith('/api/')) return api(req, res, address, body);
    send(res, 404, NOT_FOUND);
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  return {
    url,
    clientId,
    clientSecret,
    get redirectUri() {
      return redirectUri;
    },
    set redirectUri(value: string) {
      redirectUri = value;
    },
    state,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

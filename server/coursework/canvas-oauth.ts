import * as oauth from 'oauth4webapi';
import { CanvasError, failureOf, isOk, stripWhilePrefix } from './canvas-answers.js';
import { tokenAnswerSchema, tokenErrorSchema, unavailable } from './canvas-answers.js';
import { canvasOrigin, sendToCanvas } from './canvas-http.js';
import type { CanvasRequest } from './canvas-http.js';

/**
 * Canvas's OAuth 2 endpoints for one developer key: the authorization address the student's
 * browser goes to, the code grant and the refresh grant (oauth4webapi, as the sign-in's
 * openid-client stands on, its requests sent through `canvas-http.ts`), and the revocation:
 * Canvas's own `DELETE /login/oauth2/token` with the access token, not RFC 7009's, so it is a
 * plain call. A 400, 401 or 403 of the token endpoint (invalid_grant, invalid_client…) is
 * `refused`: the student must connect again.
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

/** The tokens of one call of the client, replaced when they are refreshed on the way. */
export interface Session {
  tokens: CanvasTokens;
  /** Whether the one refresh a 401 allows has been spent. */
  refreshedOn401: boolean;
}

/** The developer key scopes the portal asks for: reading planner items, writing overrides. */
const SCOPES = [
  'url:GET|/api/v1/planner/items',
  'url:POST|/api/v1/planner/overrides',
  'url:PUT|/api/v1/planner/overrides/:id',
].join(' ');

const AUTHORIZE_PATH = '/login/oauth2/auth';
const TOKEN_PATH = '/login/oauth2/token';
/** An access token expiring sooner than this is refreshed before a call. */
const REFRESH_MARGIN_MS = 60_000;
/** Canvas's access tokens last an hour; an answer without `expires_in` is taken to say so. */
const DEFAULT_EXPIRES_IN_S = 3_600;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The status of the answer an oauth4webapi error was made from, or null. */
function statusOf(error: unknown): number | null {
  if (error instanceof oauth.ResponseBodyError) return error.status;
  if (error instanceof oauth.WWWAuthenticateChallengeError) return error.status;
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof Response ? cause.status : null;
}

/** What a failed grant stands for: 400, 401 and 403 are `refused`, with the OAuth error's code. */
function grantFailure(error: unknown, what: string): CanvasError {
  if (error instanceof CanvasError) return error;
  const status = statusOf(error);
  if (status === 400 || status === 401 || status === 403) {
    const known = tokenErrorSchema.safeParse({
      error: error instanceof oauth.ResponseBodyError ? error.error : undefined,
    });
    const code = known.success ? ` (${known.data.error})` : '';
    return new CanvasError(
      'refused',
      `Canvas refused ${what}${code}: the student must connect Canvas again.`,
      status,
    );
  }
  if (status !== null && !isOk(status)) {
    return unavailable(`Canvas answered ${what} with an error (HTTP ${status}).`, status);
  }
  return unavailable(`Canvas's answer to ${what} is not in the expected shape.`, status);
}

/** Whether `text` is JSON. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * An answer's body again for oauth4webapi, as a Response (none where HTTP allows none), read as
 * Canvas means it: without its `while(1);` guard, and JSON whatever Content-Type it came with.
 */
function responseOf(status: number, headers: Headers, body: string): Response {
  const text = stripWhilePrefix(body);
  const json = new Headers(headers);
  if (isJson(text)) json.set('content-type', 'application/json');
  return new Response([101, 204, 205, 304].includes(status) ? null : text, {
    status,
    headers: json,
  });
}

export class CanvasOAuth {
  readonly origin: string;
  readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => Date;
  private readonly server: oauth.AuthorizationServer;
  private readonly client: oauth.Client;
  private readonly clientAuth: oauth.ClientAuth;

  constructor(private readonly settings: CanvasSettings) {
    this.origin = canvasOrigin(settings.url);
    this.sleep = settings.sleep ?? defaultSleep;
    this.now = settings.now ?? (() => new Date());
    this.server = {
      issuer: this.origin,
      authorization_endpoint: this.endpoint(AUTHORIZE_PATH).href,
      token_endpoint: this.endpoint(TOKEN_PATH).href,
    };
    this.client = { client_id: settings.clientId };
    this.clientAuth = oauth.ClientSecretPost(settings.clientSecret);
  }

  /** oauth4webapi's requests, sent as every call of Canvas is (`what` names them in errors). */
  private through(what: string): oauth.TokenEndpointRequestOptions {
    return {
      [oauth.customFetch]: async (url, init) => {
        const body = init.body;
        const answer = await this.send({
          what,
          method: 'POST',
          url: new URL(url),
          headers: init.headers,
          ...(body instanceof URLSearchParams || typeof body === 'string'
            ? { body: body.toString() }
            : {}),
        });
        return responseOf(answer.status, answer.headers, answer.body);
      },
      // canvasOrigin allows http: on a loopback host only (a test's or a developer's Canvas).
      ...(this.origin.startsWith('http:') ? { [oauth.allowInsecureRequests]: true } : {}),
    };
  }

  /** The tokens a grant gave, checked against their schema again. */
  private tokensOf(answer: oauth.TokenEndpointResponse, what: string) {
    const parsed = tokenAnswerSchema.safeParse(answer);
    if (!parsed.success)
      throw unavailable(`Canvas's answer to ${what} is not in the expected shape.`);
    return parsed.data;
  }

  endpoint(path: string): URL {
    return new URL(path, this.origin);
  }

  /** One call of Canvas (throttled calls waited out). */
  send(request: CanvasRequest) {
    return sendToCanvas(request, this.sleep);
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
    const what = 'the code exchange';
    let answer;
    try {
      // The state was checked by the caller (canvas-connection.ts: sealed, bound to the browser).
      const callback = oauth.validateAuthResponse(
        this.server,
        this.client,
        new URLSearchParams({ code }),
        oauth.skipStateCheck,
      );
      const response = await oauth.authorizationCodeGrantRequest(
        this.server,
        this.client,
        this.clientAuth,
        callback,
        this.settings.redirectUri,
        oauth.nopkce,
        this.through(what),
      );
      answer = this.tokensOf(
        await oauth.processAuthorizationCodeResponse(this.server, this.client, response),
        what,
      );
    } catch (error) {
      throw grantFailure(error, what);
    }
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
    const what = 'the token refresh';
    let answer;
    try {
      const response = await oauth.refreshTokenGrantRequest(
        this.server,
        this.client,
        this.clientAuth,
        tokens.refresh,
        this.through(what),
      );
      answer = this.tokensOf(
        await oauth.processRefreshTokenResponse(this.server, this.client, response),
        what,
      );
    } catch (error) {
      throw grantFailure(error, what);
    }
    return {
      access: answer.access_token,
      refresh: answer.refresh_token ?? tokens.refresh,
      expiresAt: this.expiresAt(answer.expires_in),
    };
  }

  /** Refreshes the session's access token when it expires within a minute. */
  async freshen(session: Session) {
    if (session.tokens.expiresAt - this.now().getTime() < REFRESH_MARGIN_MS) {
      session.tokens = await this.refresh(session.tokens);
    }
  }

  /**
   * Ends the student's connection (DELETE /login/oauth2/token), refreshing an expired access token
   * first. Tokens Canvas no longer knows (a 401, or a refused refresh) are already gone: that is done.
   */
  async revoke(tokens: CanvasTokens): Promise<void> {
    const what = 'the disconnection';
    const session: Session = { tokens, refreshedOn401: false };
    try {
      await this.freshen(session);
    } catch (error) {
      if (error instanceof CanvasError && error.failure === 'refused') return;
      throw error;
    }
    const answer = await this.send({
      what,
      method: 'DELETE',
      url: this.endpoint(TOKEN_PATH),
      headers: { authorization: `Bearer ${session.tokens.access}` },
    });
    if (answer.status === 401 || isOk(answer.status)) return;
    throw failureOf(answer, what);
  }

  private expiresAt(expiresIn: number | undefined): number {
    return this.now().getTime() + (expiresIn ?? DEFAULT_EXPIRES_IN_S) * 1000;
  }
}

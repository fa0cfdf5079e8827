import { CanvasError, failureOf, isOk, jsonOf, parseAnswer } from './canvas-answers.js';
import { tokenAnswerSchema, tokenErrorSchema, unavailable } from './canvas-answers.js';
import { canvasOrigin, sendToCanvas } from './canvas-http.js';
import type { CanvasRequest } from './canvas-http.js';

/**
 * Canvas's OAuth 2 endpoints for one developer key: the authorization address the student's
 * browser goes to, the code grant, the refresh grant and the revocation (Canvas's own
 * `DELETE /login/oauth2/token`). A 400, 401 or 403 of the token endpoint (invalid_grant,
 * invalid_client…) is `refused`: the student must connect again.
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

export class CanvasOAuth {
  readonly origin: string;
  readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => Date;

  constructor(private readonly settings: CanvasSettings) {
    this.origin = canvasOrigin(settings.url);
    this.sleep = settings.sleep ?? defaultSleep;
    this.now = settings.now ?? (() => new Date());
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

  /** A call of the token endpoint: 400, 401 and 403 (invalid_grant, invalid_client…) are `refused`. */
  private async grant(what: string, form: Record<string, string>) {
    const answer = await this.send({
      what,
      method: 'POST',
      url: this.endpoint(TOKEN_PATH),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
      const parsed = tokenErrorSchema.safeParse(jsonOf(answer));
      const code = parsed.success ? ` (${parsed.data.error})` : '';
      throw new CanvasError(
        'refused',
        `Canvas refused ${what}${code}: the student must connect Canvas again.`,
        answer.status,
      );
    }
    if (!isOk(answer.status)) throw failureOf(answer, what);
    return parseAnswer(tokenAnswerSchema, answer, what);
  }
}

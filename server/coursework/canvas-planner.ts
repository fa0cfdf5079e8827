import { CanvasError, failureOf, isOk, nextPage, parseAnswer } from './canvas-answers.js';
import { overrideAnswerSchema, plannerItemOf, plannerPageSchema } from './canvas-answers.js';
import type { PlannerItem } from './canvas-answers.js';
import { CanvasOAuth } from './canvas-oauth.js';
import type { CanvasSettings, CanvasTokens, Session } from './canvas-oauth.js';

/**
 * A client of Canvas LMS's OAuth 2 endpoints (`canvas-oauth.ts`) and its Planner API: a student
 * connects the portal to Canvas once (authorization code grant), and the portal then reads the
 * student's planner items and marks them done in Canvas (planner overrides) with the student's
 * tokens.
 *
 * Every call goes through `canvas-http.ts` (bounded, throttled calls retried) and every answer is
 * checked against its schema (`canvas-answers.ts`); an API call's 401 refreshes the access token
 * once. An error's message never contains a token or a code.
 */

const ITEMS_PATH = '/api/v1/planner/items';
const OVERRIDES_PATH = '/api/v1/planner/overrides';
const MAX_PAGES = 20;
const PER_PAGE = 100;
/** Canvas's rate limit bucket: below this, paging slows down a little. */
const LOW_RATE_REMAINING = 100;
const LOW_RATE_WAIT_MS = 500;

export class CanvasPlanner {
  private readonly oauth: CanvasOAuth;

  constructor(settings: CanvasSettings) {
    this.oauth = new CanvasOAuth(settings);
  }

  /** The authorization address (GET /login/oauth2/auth) the student's browser is sent to. */
  authorizeUrl(state: string): string {
    return this.oauth.authorizeUrl(state);
  }

  /** Trades the callback's code for the student's tokens. */
  exchangeCode(code: string): Promise<CanvasTokens> {
    return this.oauth.exchangeCode(code);
  }

  /** A new access token; the refresh token stays unless Canvas sends one. */
  refresh(tokens: CanvasTokens): Promise<CanvasTokens> {
    return this.oauth.refresh(tokens);
  }

  /** Ends the student's connection in Canvas (tokens Canvas no longer knows are already gone). */
  revoke(tokens: CanvasTokens): Promise<void> {
    return this.oauth.revoke(tokens);
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
    const { origin } = this.oauth;
    const session: Session = { tokens, refreshedOn401: false };
    await this.oauth.freshen(session);
    let url = this.oauth.endpoint(ITEMS_PATH);
    url.search = new URLSearchParams({
      start_date: window.start.toISOString(),
      end_date: window.end.toISOString(),
      per_page: String(PER_PAGE),
    }).toString();
    const items: PlannerItem[] = [];
    const seen = new Set<string>();
    for (let page = 1; ; page += 1) {
      const answer = await this.api(session, what, 'GET', url);
      if (!isOk(answer.status)) throw failureOf(answer, what);
      for (const row of parseAnswer(plannerPageSchema, answer, what)) {
        const item = plannerItemOf(row, origin);
        if (!item || seen.has(item.key)) continue;
        seen.add(item.key);
        items.push(item);
      }
      const next = nextPage(answer.headers.get('link'), url, origin);
      if (!next) break;
      if (page >= MAX_PAGES) {
        throw new CanvasError(
          'too-large',
          `The planner has more than ${MAX_PAGES} pages of items in the window.`,
        );
      }
      const remaining = Number.parseFloat(answer.headers.get('x-rate-limit-remaining') ?? '');
      if (remaining < LOW_RATE_REMAINING) await this.oauth.sleep(LOW_RATE_WAIT_MS);
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
    await this.oauth.freshen(session);
    const answer =
      item.overrideId === null
        ? await this.api(session, what, 'POST', this.oauth.endpoint(OVERRIDES_PATH), {
            plannable_type: item.plannableType,
            plannable_id: item.plannableId,
            marked_complete: done,
          })
        : await this.api(
            session,
            what,
            'PUT',
            this.oauth.endpoint(`${OVERRIDES_PATH}/${encodeURIComponent(String(item.overrideId))}`),
            { marked_complete: done },
          );
    if (!isOk(answer.status)) throw failureOf(answer, what);
    const override = parseAnswer(overrideAnswerSchema, answer, what);
    return { overrideId: override.id, tokens: session.tokens };
  }

  /** An API call with the session's access token; a 401 refreshes it once and calls again. */
  private async api(
    session: Session,
    what: string,
    method: 'GET' | 'POST' | 'PUT',
    url: URL,
    body?: unknown,
  ) {
    for (;;) {
      const answer = await this.oauth.send({
        what,
        method,
        url,
        headers: {
          authorization: `Bearer ${session.tokens.access}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (answer.status !== 401) return answer;
      if (session.refreshedOn401) {
        throw new CanvasError(
          'refused',
          `Canvas refused the student's access to ${what}: the student must connect Canvas again.`,
          401,
        );
      }
      session.refreshedOn401 = true;
      session.tokens = await this.oauth.refresh(session.tokens);
    }
  }
}

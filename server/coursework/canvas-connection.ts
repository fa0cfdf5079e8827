import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { COURSEWORK_PAST_DAYS } from '../../contract/coursework.schema.js';
import type { SecretBox } from '../auth/secret-box.js';
import type { CourseworkItemRecord } from '../db/repositories/coursework.repository.js';
import { CanvasError } from './canvas-answers.js';
import type { PlannerItem } from './canvas-answers.js';
import type { CanvasSettings, CanvasTokens } from './canvas-oauth.js';
import { CanvasPlanner } from './canvas-planner.js';

/** The cookie that binds an OAuth round trip to the browser that began it (single use). */
export const CANVAS_STATE_COOKIE = 'portal_canvas_oauth';
/** How long the student has to allow the portal in Canvas. */
const STATE_MS = 10 * 60_000;
/** Planner items from this long ago (shown overdue until marked done) to this far ahead. */
const AHEAD_MS = 180 * 86_400_000;
const TOKENS_PURPOSE = 'coursework-canvas-tokens';
const STATE_PURPOSE = 'coursework-canvas-state';
/** Sealed tokens never expire by themselves: disconnecting is what ends them. */
const NEVER = new Date('9999-12-31T00:00:00.000Z');
/** The id of a Canvas item in the portal: its plannable type and id, stable across readings. */
const ITEM_PREFIX = 'canvas:';

const tokensSchema = z.object({
  access: z.string().min(1),
  refresh: z.string().min(1),
  expiresAt: z.number(),
});
const stateSchema = z.object({ user: z.number().int(), nonce: z.string().min(16) });

/** Connecting Canvas where the campus has not set it up (no CANVAS_URL and developer key). */
export const NO_CANVAS = 'This portal is not set up to connect Canvas.';

/** A connection the portal refuses: `message` says why in words the student can act on. */
export class CanvasRefusal extends Error {
  override name = 'CanvasRefusal';
}

/** What starting a connection gives: Canvas's address for the browser, and the cookie's nonce. */
/** Records a one-time value's hash as used until `expiresAt`: false when it already was. */
export type TakeOnce = (valueHash: string, expiresAt: Date) => Promise<boolean>;

export interface CanvasStart {
  url: string;
  nonce: string;
  expires: Date;
}

/** What a Canvas reading gives: the items, the done marks Canvas holds, and tokens that changed. */
export interface CanvasReading {
  items: CourseworkItemRecord[];
  /** Item ids Canvas shows done (true) or not done (false); items without an override are absent. */
  marks: Map<string, boolean>;
  tokensSealed: string | null;
}

const sameNonce = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * A student's Canvas connected through its Planner API (issue 45, step 2): the OAuth 2 round trip
 * (state sealed with the student and a nonce that only the browser that began it holds, single use),
 * the tokens sealed at rest, readings into coursework items with their submission state, and "Mark
 * done" written to Canvas as a planner override.
 */
export class CanvasConnection {
  private readonly planner: CanvasPlanner;

  constructor(
    private readonly box: SecretBox,
    readonly settings: CanvasSettings,
  ) {
    this.planner = new CanvasPlanner(settings);
  }

  /** The origin's host the student sees as the connection ("Canvas at canvas.example.edu"). */
  get masked(): string {
    return new URL(this.settings.url).host;
  }

  start(userId: number, now: Date): CanvasStart {
    const nonce = randomBytes(24).toString('base64url');
    const expires = new Date(now.getTime() + STATE_MS);
    const state = this.box.seal(STATE_PURPOSE, { user: userId, nonce }, expires);
    return { url: this.planner.authorizeUrl(state), nonce, expires };
  }

  /**
   * The student's id and sealed tokens once Canvas sent them back with a code; `takeOnce` records the
   * state's nonce (its hash) as used, false when it already was; CanvasRefusal when the
   * state is not this browser's, has expired or was used, or the student said no.
   */
  async finish(
    query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
    nonce: string | undefined,
    now: Date,
    takeOnce: TakeOnce,
  ): Promise<{ userId: number; tokensSealed: string }> {
    const state = stateSchema.safeParse(
      query.state ? this.box.unseal(STATE_PURPOSE, query.state, now) : undefined,
    );
    if (!state.success || !nonce || !sameNonce(state.data.nonce, nonce)) {
      throw new CanvasRefusal('That Canvas sign-in has expired. Connect Canvas again.');
    }
    // The state and its cookie work once, whichever process sees them (a replay is refused).
    const nonceHash = createHash('sha256').update(nonce).digest('base64url');
    if (!(await takeOnce(nonceHash, new Date(now.getTime() + STATE_MS)))) {
      throw new CanvasRefusal('That Canvas sign-in was already used. Connect Canvas again.');
    }
    if (query.error || !query.code) {
      throw new CanvasRefusal('Canvas was not connected: access was not allowed.');
    }
    try {
      const tokens = await this.planner.exchangeCode(query.code);
      return { userId: state.data.user, tokensSealed: this.seal(tokens) };
    } catch (err) {
      if (err instanceof CanvasError) {
        throw new CanvasRefusal('Canvas did not complete the connection. Please try again.', {
          cause: err,
        });
      }
      throw err;
    }
  }

  private seal(tokens: CanvasTokens): string {
    return this.box.seal(TOKENS_PURPOSE, tokens, NEVER);
  }

  /** The tokens, or null when they cannot be unsealed (the server's SESSION_SECRET changed). */
  unseal(sealed: string | null, now: Date): CanvasTokens | null {
    if (!sealed) return null;
    const tokens = tokensSchema.safeParse(this.box.unseal(TOKENS_PURPOSE, sealed, now));
    return tokens.success ? tokens.data : null;
  }

  /** One reading of the student's planner; a CanvasError says how it failed. */
  async read(tokens: CanvasTokens, now: Date): Promise<CanvasReading> {
    const window = {
      start: new Date(now.getTime() - COURSEWORK_PAST_DAYS * 86_400_000),
      end: new Date(now.getTime() + AHEAD_MS),
    };
    const answer = await this.planner.items(tokens, window);
    const marks = new Map<string, boolean>();
    const items = answer.items.map((item) => {
      const record = toRecord(item);
      if (item.override) marks.set(record.id, item.override.done);
      return record;
    });
    return {
      items,
      marks,
      tokensSealed: answer.tokens === tokens ? null : this.seal(answer.tokens),
    };
  }

  /**
   * Writes "Mark done" (or not done) to Canvas as the item's planner override: false when the item
   * is not a Canvas one. Gives the override's id and the tokens sealed again when they changed.
   */
  async setDone(
    tokens: CanvasTokens,
    item: CourseworkItemRecord,
    done: boolean,
  ): Promise<{ overrideId: number; tokensSealed: string | null } | false> {
    const plannable = plannableOf(item.id);
    if (!plannable) return false;
    const answer = await this.planner.setDone(
      tokens,
      { ...plannable, overrideId: item.overrideId ?? null },
      done,
    );
    return {
      overrideId: answer.overrideId,
      tokensSealed: answer.tokens === tokens ? null : this.seal(answer.tokens),
    };
  }

  /** Revokes the tokens in Canvas; a failure is only logged by the caller (the student is gone). */
  async revoke(tokens: CanvasTokens): Promise<void> {
    await this.planner.revoke(tokens);
  }
}

/** A planner item as a coursework item: due at its time (Canvas's due dates are times, not days). */
function toRecord(item: PlannerItem): CourseworkItemRecord {
  return {
    id: `${ITEM_PREFIX}${item.key}`.slice(0, 600),
    title: (item.title.trim() || 'Untitled').slice(0, 500),
    course: item.course?.slice(0, 200) ?? null,
    due: item.due,
    allDay: false,
    link: item.link,
    source: 'canvas',
    submission: item.submission,
    overrideId: item.override?.id ?? null,
  };
}

/** The plannable type and id of a Canvas item's portal id ("canvas:assignment:42"), or null. */
function plannableOf(id: string): { plannableType: string; plannableId: number } | null {
  const match = /^canvas:([a-z_]+):(\d+)$/.exec(id);
  if (!match?.[1] || !match[2]) return null;
  return { plannableType: match[1], plannableId: Number(match[2]) };
}

import type { FastifyInstance } from 'fastify';
import type {
  CourseworkFeedRecord,
  CourseworkItemRecord,
} from '../db/repositories/coursework.repository.js';
import type { CanvasConnection, CanvasStart } from './canvas-connection.js';
import { CanvasError } from './canvas-answers.js';
import type { CourseworkSchedule, CourseworkSourcePort } from './port.js';

/** The component name in log lines, the same as the feeds'. */
const COMPONENT = 'coursework-feed';
export const NO_CANVAS_ANY_MORE = 'The Canvas connection cannot be used. Connect Canvas again.';

/** What Canvas sends the browser back with. */
export interface CanvasCallback {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/**
 * A student's Canvas connection as their coursework (issue 45): connecting (the OAuth grant, the
 * tokens kept sealed), reading the planner items and the done marks Canvas holds, writing a Mark
 * done to Canvas as its planner override, and revoking the tokens when the student disconnects.
 * The coursework service (coursework.ts) keeps the schedule, the feeds and the browser's answer.
 * One of the two adapters of the coursework source port (`port.ts`).
 */
export class CanvasCoursework implements CourseworkSourcePort {
  readonly kind = 'canvas';

  constructor(
    private readonly app: FastifyInstance,
    private readonly connection: CanvasConnection,
    private readonly schedule: CourseworkSchedule,
  ) {}

  private get repository() {
    return this.app.repositories.coursework;
  }

  /** Where the browser goes to let Canvas ask the student, and the nonce its cookie keeps. */
  start(userId: number): CanvasStart {
    return this.connection.start(userId, this.app.clock());
  }

  /**
   * Ends connecting Canvas when Canvas sends the student back: the tokens kept sealed, the first
   * reading made (a failed one leaves the connection stale, read again soon). CanvasRefusal says
   * why nothing changed.
   */
  async finish(query: CanvasCallback, nonce: string | undefined): Promise<void> {
    const now = this.app.clock();
    const { userId, tokensSealed } = await this.connection.finish(
      query,
      nonce,
      now,
      (hash, until) =>
        this.app.repositories.usedOnce.use('canvas-state', hash, until, this.app.clock()),
    );
    const existing = await this.repository.feedOf(userId);
    if (existing?.kind === 'canvas') await this.revoke(userId);
    await this.repository.replace(
      {
        userId,
        kind: 'canvas',
        addressSealed: '',
        tokensSealed,
        masked: this.connection.masked,
        source: 'canvas',
        status: 'stale',
        etag: null,
        lastModified: null,
        readAt: null,
        failures: 0,
        nextReadAt: now,
        createdAt: now,
      },
      [],
    );
    this.app.log.info({ component: COMPONENT, userId }, 'canvas connected');
    await this.schedule.refresh(userId);
  }

  /** Revokes a Canvas connection's tokens in Canvas, when the student has one (best effort). */
  async revoke(userId: number): Promise<void> {
    const feed = await this.repository.feedOf(userId);
    if (feed?.kind === 'canvas') await this.disconnect(feed);
  }

  /** Revokes the connection's tokens in Canvas (best effort: a failure is only logged). */
  async disconnect(feed: CourseworkFeedRecord): Promise<void> {
    const tokens = this.connection.unseal(feed.tokensSealed, this.app.clock());
    if (!tokens) return;
    try {
      await this.connection.revoke(tokens);
    } catch (err) {
      const reason = err instanceof Error ? err.message : 'unknown';
      this.app.log.warn(
        { component: COMPONENT, userId: feed.userId, reason },
        'canvas tokens not revoked',
      );
    }
  }

  /** One reading of a Canvas connection: its items, and the done marks Canvas holds, kept. */
  async read(feed: CourseworkFeedRecord): Promise<void> {
    const { userId } = feed;
    const now = this.app.clock();
    const tokens = this.connection.unseal(feed.tokensSealed, now);
    if (!tokens) {
      // The server's secret changed: the student connects again.
      return this.schedule.markBroken(feed, 'canvas tokens cannot be used');
    }
    try {
      const reading = await this.connection.read(tokens, now);
      for (const [id, done] of reading.marks) {
        await this.repository.setDone(userId, id, done, now);
      }
      await this.repository.recordReading(userId, {
        status: 'current',
        failures: 0,
        readAt: now,
        nextReadAt: this.schedule.nextReading(now, 0),
        items: reading.items,
        ...(reading.tokensSealed ? { tokensSealed: reading.tokensSealed } : {}),
      });
    } catch (err) {
      if (!(err instanceof CanvasError)) throw err;
      const refused = err.failure === 'refused';
      const failures = feed.failures + 1;
      await this.repository.recordReading(userId, {
        status: refused ? 'broken' : 'stale',
        failures,
        nextReadAt: refused ? null : this.schedule.nextReading(now, failures),
      });
      this.app.log.warn(
        { component: COMPONENT, userId, reason: err.failure, failures },
        'canvas reading failed',
      );
    }
  }

  /**
   * "Mark done" of a Canvas item is written to Canvas first, as its planner override, so Canvas
   * shows it done too; a CanvasError (Canvas refused or did not answer) changes nothing here.
   */
  async setDone(
    feed: CourseworkFeedRecord,
    item: CourseworkItemRecord,
    done: boolean,
  ): Promise<void> {
    const tokens = this.connection.unseal(feed.tokensSealed, this.app.clock());
    if (!tokens) throw new CanvasError('refused', NO_CANVAS_ANY_MORE);
    const written = await this.connection.setDone(tokens, item, done);
    if (!written) return;
    await this.repository.setOverride(feed.userId, item.id, written.overrideId);
    if (written.tokensSealed) {
      await this.repository.recordReading(feed.userId, {
        status: feed.status,
        failures: feed.failures,
        nextReadAt: feed.nextReadAt,
        tokensSealed: written.tokensSealed,
      });
    }
  }
}

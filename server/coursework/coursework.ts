import type { FastifyInstance } from 'fastify';
import type { Coursework } from '../../contract/coursework.schema.js';
import type { SecretBox } from '../auth/secret-box.js';
import type { CourseworkFeedRecord } from '../db/repositories/coursework.repository.js';
import { doneKeys, itemAnswer } from './items.js';
import { NO_CANVAS_ANY_MORE } from './canvas-coursework.js';
import { openSources } from './sources/index.js';
import type { OpenedSources } from './sources/index.js';
import type { CourseworkOptions } from './sources/source-module.js';

export type { CourseworkOptions } from './sources/source-module.js';
import { CanvasError } from './canvas-answers.js';
import type { CourseworkSchedule, CourseworkSourcePort } from './port.js';
import { COURSEWORK_REFRESH_COOLDOWN_MS } from '../../contract/coursework.schema.js';
import type { CourseworkKind } from '../../contract/coursework.schema.js';

/** About every 30 minutes per feed, each reading moved by up to a fifth either way (jitter). */
export const COURSEWORK_POLL_MS = 30 * 60_000;
const JITTER = 0.2;
/** A feed failing again and again is read less often, at most every 6 hours. */
const MAX_BACKOFF_MS = 6 * 3_600_000;
/** One scheduled pass: readings at most, and at a time (pollOnce). */
const POLL_LIMIT = 1_000;
const POLL_PARALLEL = 16;
/** The component name in log lines: never the address, which is a bearer secret. */
const COMPONENT = 'coursework-feed';

/**
 * Each student's own LMS calendar feed: adding one (checked and read once before anything is kept),
 * reading it on a schedule and on demand, and the answer the browser gets. The address is unsealed
 * only to be fetched, and is never logged nor answered.
 */
export class CourseworkService {
  private readonly inFlight = new Map<number, Promise<void>>();
  /** Each kind's source (`sources/`): the calendar feed always, Canvas when it is configured. */
  private readonly sources: OpenedSources;

  constructor(
    private readonly app: FastifyInstance,
    box: SecretBox,
    private readonly options: CourseworkOptions = {},
  ) {
    const schedule: CourseworkSchedule = {
      nextReading: (now, failures) => this.nextReading(now, failures),
      markBroken: (feed, why) => this.markBroken(feed, why),
      refresh: (userId) => this.refresh(userId),
    };
    this.sources = openSources({ app, box, schedule, options });
  }

  /** A kind's source, as its own class (a source's own routes use it), or null when not set up. */
  source<Kind extends CourseworkKind>(kind: Kind): OpenedSources[Kind] {
    return this.sources[kind];
  }

  /** The source a connection of this kind reads from, or null when the campus no longer has it. */
  private sourceFor(feed: CourseworkFeedRecord): CourseworkSourcePort | null {
    return this.sources[feed.kind];
  }

  /** Ends the student's connection at its source (best effort), before it is replaced or forgotten. */
  private async disconnect(userId: number): Promise<void> {
    const feed = await this.repository.feedOf(userId);
    if (feed) await this.sourceFor(feed)?.disconnect(feed);
  }

  private get repository() {
    return this.app.repositories.coursework;
  }

  /** The next scheduled reading after `failures` failed ones in a row, jittered. */
  nextReading(now: Date, failures: number): Date {
    const base = Math.min(COURSEWORK_POLL_MS * 2 ** failures, MAX_BACKOFF_MS);
    const random = this.options.random ?? Math.random;
    const factor = 1 - JITTER + 2 * JITTER * random();
    return new Date(now.getTime() + Math.round(base * factor));
  }

  /**
   * Adds or replaces the student's feed. The address is read once first: a bad paste throws
   * CourseworkRefusal (or CourseworkFetchError) and nothing stored changes.
   */
  async add(userId: number, address: string): Promise<void> {
    const { record, items } = await this.sources.calendar.prepare(userId, address);
    await this.disconnect(userId);
    await this.repository.replace(record, items);
    this.app.log.info({ component: COMPONENT, userId, items: items.length }, 'feed added');
  }

  async remove(userId: number): Promise<void> {
    await this.disconnect(userId);
    await this.repository.remove(userId);
    this.app.log.info({ component: COMPONENT, userId }, 'feed removed');
  }

  /**
   * The student's "Refresh now": a reading unless one was asked for in the last minute (issue 56),
   * whichever process was asked (the claim is one statement in the store), so a burst of calls
   * reads the campus LMS once. The answer's `refresh_after` says when the next one reads.
   */
  async refreshOnDemand(userId: number): Promise<void> {
    const now = this.app.clock();
    const since = new Date(now.getTime() - COURSEWORK_REFRESH_COOLDOWN_MS);
    if (await this.repository.claimRefresh(userId, now, since)) await this.refresh(userId);
  }

  /** Reads the student's feed now (one reading at a time per student). */
  async refresh(userId: number): Promise<void> {
    const running = this.inFlight.get(userId);
    if (running) return running;
    const reading = this.readStored(userId).finally(() => this.inFlight.delete(userId));
    this.inFlight.set(userId, reading);
    return reading;
  }

  private async readStored(userId: number): Promise<void> {
    const feed = await this.repository.feedOf(userId);
    if (!feed) return;
    const source = this.sourceFor(feed);
    if (!source) return this.markBroken(feed, `${feed.kind} source not configured`);
    return source.read(feed);
  }

  /** What was kept cannot be used any more: broken, and not read again until the student acts. */
  async markBroken(feed: CourseworkFeedRecord, why: string): Promise<void> {
    await this.repository.recordReading(feed.userId, {
      status: 'broken',
      failures: feed.failures + 1,
      nextReadAt: null,
    });
    this.app.log.warn({ component: COMPONENT, userId: feed.userId }, why);
  }

  /**
   * Reads the feeds and Canvas connections whose scheduled reading is due, the most overdue first,
   * at most `limit` in one pass and `parallel` at a time: each reading mostly waits on the LMS (the
   * parse runs on its own thread), and a campus's 30,000 students read every 30 minutes need about
   * 1,000 readings a minute. Gives how many were read.
   */
  async pollOnce(limit = POLL_LIMIT, parallel = POLL_PARALLEL): Promise<number> {
    const due = await this.repository.dueForReading(this.app.clock(), limit);
    let next = 0;
    const reader = async () => {
      for (let userId = due[next++]; userId !== undefined; userId = due[next++]) {
        try {
          await this.refresh(userId);
        } catch (err) {
          this.app.log.error({ component: COMPONENT, userId, err }, 'feed reading crashed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, due.length) }, reader));
    return due.length;
  }

  /**
   * Marks one of the student's items done in the portal, or not done again; false when the student
   * has no such item. The mark is kept by the item's key (its UID), not by this reading's row.
   */
  async setDone(userId: number, id: string, done: boolean): Promise<boolean> {
    const items = await this.repository.itemsOf(userId);
    const key = doneKeys(items).get(id);
    if (key === undefined) return false;
    const item = items.find((i) => i.id === id);
    const feed = await this.repository.feedOf(userId);
    if (feed && item) {
      const source = this.sourceFor(feed);
      // Canvas is gone from the campus's configuration: its items can no longer be marked there.
      if (!source) throw new CanvasError('refused', NO_CANVAS_ANY_MORE);
      await source.setDone(feed, item, done);
    }
    await this.repository.setDone(userId, key, done, this.app.clock());
    return true;
  }

  /** What the browser receives: the feed masked, and the items, marked not current unless it is. */
  async answer(userId: number): Promise<Coursework> {
    const feed = await this.repository.feedOf(userId);
    const canvasAvailable = this.sources.canvas !== null;
    if (!feed) return { feed: { state: 'none' }, canvas_available: canvasAvailable, items: [] };
    const [items, done] = await Promise.all([
      this.repository.itemsOf(userId),
      this.repository.doneKeysOf(userId),
    ]);
    const keys = doneKeys(items);
    const current = feed.status === 'current';
    return {
      canvas_available: canvasAvailable,
      feed: {
        state: 'connected',
        kind: feed.kind,
        masked: feed.masked,
        source: feed.source,
        status: feed.status,
        read_at: feed.readAt?.toISOString() ?? null,
        refresh_after: refreshAfter(feed.refreshedAt ?? null, this.app.clock()),
      },
      items: items.map((item) => itemAnswer(item, current, done.has(keys.get(item.id) ?? item.id))),
    };
  }
}

/** When the next refresh reads the LMS, while that is still ahead; null: now. */
function refreshAfter(refreshedAt: Date | null, now: Date): string | null {
  if (!refreshedAt) return null;
  const after = refreshedAt.getTime() + COURSEWORK_REFRESH_COOLDOWN_MS;
  return after > now.getTime() ? new Date(after).toISOString() : null;
}

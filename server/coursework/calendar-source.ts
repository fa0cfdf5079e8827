import type { FastifyInstance } from 'fastify';
import type { SecretBox } from '../auth/secret-box.js';
import type {
  CourseworkFeedRecord,
  CourseworkItemRecord,
} from '../db/repositories/coursework.repository.js';
import { maskAddress, sealAddress, sourceOf, unsealAddress } from './feed-address.js';
import type { Resolver } from './feed-address.js';
import { CourseworkFetchError, isRefusal } from './fetch-coursework.js';
import { withRecentPast } from './items.js';
import type { CourseworkSchedule, CourseworkSourcePort } from './port.js';
import { CourseworkRefusal, readCalendar } from './read-calendar.js';
import type { CalendarReading } from './read-calendar.js';

/** The component name in log lines: never the address, which is a bearer secret. */
const COMPONENT = 'coursework-feed';

export interface CalendarSourceOptions {
  /** Certificates trusted besides the public roots, for the LMS connections (tests). */
  ca?: string;
  /** The name resolver (tests). */
  resolve?: Resolver;
}

/**
 * A student's own LMS calendar feed as their coursework source (issue 45): the pasted address read
 * once before anything is kept, sealed at rest, then read on the schedule with its validators; a
 * 401, 403, 404 or 410 marks it broken until the student pastes a new one. The address is unsealed
 * only to be fetched, and is never logged nor answered.
 */
export class CalendarSource implements CourseworkSourcePort {
  readonly kind = 'calendar';

  constructor(
    private readonly app: FastifyInstance,
    private readonly box: SecretBox,
    private readonly schedule: CourseworkSchedule,
    private readonly options: CalendarSourceOptions = {},
  ) {}

  private get repository() {
    return this.app.repositories.coursework;
  }

  /**
   * The record and items of a new feed, read once: a bad paste throws CourseworkRefusal and nothing
   * is read further. The caller keeps them (replacing the student's connection).
   */
  async prepare(
    userId: number,
    address: string,
  ): Promise<{ record: CourseworkFeedRecord; items: CourseworkItemRecord[] }> {
    let reading: CalendarReading;
    try {
      reading = await readCalendar(this.app, address, null, this.options);
    } catch (err) {
      if (err instanceof CourseworkFetchError) throw new CourseworkRefusal(err.said);
      throw err;
    }
    if (!reading.changed)
      throw new CourseworkRefusal(
        /*i18n*/ {
          id: 'coursework.refused.no-calendar',
          message: 'The course site gave no calendar.',
        },
      );
    const now = this.app.clock();
    const url = new URL(address);
    const record: CourseworkFeedRecord = {
      userId,
      kind: 'calendar',
      addressSealed: sealAddress(this.box, address),
      tokensSealed: null,
      masked: maskAddress(url),
      source: sourceOf(url),
      status: 'current',
      etag: reading.validators.etag,
      lastModified: reading.validators.lastModified,
      readAt: now,
      failures: 0,
      nextReadAt: this.schedule.nextReading(now, 0),
      createdAt: now,
    };
    return { record, items: reading.items };
  }

  async read(feed: CourseworkFeedRecord): Promise<void> {
    const { userId } = feed;
    const now = this.app.clock();
    const address = unsealAddress(this.box, feed.addressSealed, now);
    if (address === null) {
      // The server's secret changed: the address cannot be read back, so the student pastes it again.
      return this.schedule.markBroken(feed, 'feed address cannot be unsealed');
    }
    const validators = { etag: feed.etag, lastModified: feed.lastModified };
    try {
      const reading = await readCalendar(this.app, address, validators, this.options);
      await this.repository.recordReading(userId, {
        status: 'current',
        failures: 0,
        readAt: now,
        nextReadAt: this.schedule.nextReading(now, 0),
        ...(reading.changed
          ? {
              items: withRecentPast(await this.repository.itemsOf(userId), reading.items, now),
              etag: reading.validators.etag,
              lastModified: reading.validators.lastModified,
            }
          : {}),
      });
    } catch (err) {
      const refusedByLms = err instanceof CourseworkFetchError && isRefusal(err.status);
      const failures = feed.failures + 1;
      await this.repository.recordReading(userId, {
        status: refusedByLms ? 'broken' : 'stale',
        failures,
        nextReadAt: refusedByLms ? null : this.schedule.nextReading(now, failures),
      });
      const reason = err instanceof Error ? err.message : 'unknown';
      this.app.log.warn({ component: COMPONENT, userId, reason, failures }, 'feed reading failed');
      if (!(err instanceof CourseworkFetchError || err instanceof CourseworkRefusal)) throw err;
    }
  }

  /** A calendar feed is read only: its done marks are the portal's alone. */
  setDone(): Promise<void> {
    return Promise.resolve();
  }

  /** Nothing to end at the LMS: forgetting the address is what ends a calendar feed. */
  disconnect(): Promise<void> {
    return Promise.resolve();
  }
}

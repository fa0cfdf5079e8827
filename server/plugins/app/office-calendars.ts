import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FeedError } from '../../feeds/fetch-feed.js';
import { readOfficeCalendar } from '../../inbound/office-calendars.js';
import type { OfficeCalendar, OfficeCalendarReading } from '../../inbound/office-calendars.js';

/** How often the schedule looks for calendars due a reading (each is read every refreshMinutes). */
const TICK_MS = 60_000;
/** The first reading this long after the server is ready. */
const FIRST_READ_MS = 3_000;
/** The readings' lease outlives a round of slow calendars; renewed between calendars. */
const LEASE_MS = 5 * 60_000;

/** One round: each office's reading, or the error that stopped it (already logged). */
export type OfficeCalendarsRound = Map<string, OfficeCalendarReading | Error>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The offices' iCalendar addresses of appointments (issue 92). */
    officeCalendars: {
      /**
       * Reads the calendars now (by default every one; `due` picks them), under the store's lease:
       * undefined when another process holds it.
       */
      read: (
        due?: (calendar: OfficeCalendar) => boolean,
      ) => Promise<OfficeCalendarsRound | undefined>;
    };
  }
}

/**
 * Appointments from each office's calendar (`appointments.calendars` in the campus configuration):
 * the process that runs the background work (server.ts) reads each every `refreshMinutes`, one
 * process at a time under the store's lease. A calendar that fails is logged by its office (never
 * its address) and read again at its next time; the others are read as usual.
 */
export default fp(
  async function officeCalendars(app: FastifyInstance, opts: { notify?: { run?: boolean } }) {
    const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    const { calendars } = app.config.campus.appointments;
    const repos = app.repositories;
    const lease = repos.officeCalendarsLease;
    const read: FastifyInstance['officeCalendars']['read'] = async (due = () => true) => {
      if (!(await lease.claim(holder, app.clock(), LEASE_MS))) return undefined;
      const round: OfficeCalendarsRound = new Map();
      let claimedAt = app.clock().getTime();
      for (const calendar of calendars.filter(due)) {
        if (app.clock().getTime() - claimedAt > LEASE_MS / 3) {
          if (!(await lease.claim(holder, app.clock(), LEASE_MS))) break;
          claimedAt = app.clock().getTime();
        }
        const { office } = calendar;
        try {
          const ctx = {
            repos,
            log: app.log,
            now: app.clock(),
            zone: app.config.campus.timeZone,
            timeoutMs: app.config.feeds.timeoutMs,
          };
          const reading = await readOfficeCalendar(ctx, calendar);
          round.set(office, reading);
          const told = reading.stored + reading.unknownAttendee + reading.refused > 0;
          app.log[told ? 'info' : 'debug']({ office, ...reading }, 'office calendar read');
        } catch (err) {
          round.set(office, err instanceof Error ? err : new Error(String(err)));
          // A feed's failure says what went wrong in words naming no address (its cause may).
          if (err instanceof FeedError)
            app.log.warn(
              { office, reason: err.message },
              'office calendar not read: tried again next time',
            );
          else app.log.error({ office, err }, 'office calendar not read: tried again next time');
        }
      }
      return round;
    };
    app.decorate('officeCalendars', { read });
    if (calendars.length === 0 || !opts.notify?.run) return;
    // When each office's calendar is read next, in this process; a process that takes the lease
    // over reads every calendar at once.
    const next = new Map<string, number>();
    let running = false;
    const tick = () => {
      if (running || app.lifecycle.draining) return;
      running = true;
      const now = app.clock().getTime();
      read((c) => (next.get(c.office) ?? 0) <= now)
        .then((round) => {
          for (const office of round?.keys() ?? []) {
            const minutes = calendars.find((c) => c.office === office)?.refreshMinutes ?? 15;
            next.set(office, now + minutes * 60_000);
          }
        })
        .catch((err: unknown) => app.log.error({ err }, 'office calendars round failed'))
        .finally(() => {
          running = false;
        });
    };
    let first: NodeJS.Timeout | undefined;
    const timer = setInterval(tick, TICK_MS).unref();
    app.addHook('onReady', async () => {
      first = setTimeout(tick, FIRST_READ_MS).unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      clearTimeout(first);
      // The lease is held from round to round (another holder would read every calendar again);
      // a closing process hands it on at once.
      await lease.release(holder).catch(() => undefined);
    });
  },
  { name: 'office-calendars', dependencies: ['repositories'] },
);

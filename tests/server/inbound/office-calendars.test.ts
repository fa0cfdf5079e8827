import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeFeeds } from '../../fake-feeds/fake-feeds.js';
import { createTestApp, signIn } from '../helpers/app.js';
import type { TestAppOptions } from '../helpers/app.js';
import { as } from '../routes/next-steps/helpers.js';
import { appointmentsOf, bearer, publisherWithKey, taskFor } from './inbound-helpers.js';
import { officeCalendar } from './office-calendar-fixture.js';
import type { Invitation } from './office-calendar-fixture.js';

const NOW = new Date('2027-12-01T12:00:00.000Z');
const ADVISING = 'Advising Center';
const TUTORING = 'Tutoring';

/** Ana's appointment as Starfish invites her: Thursday 10:00 in Portland, PST (UTC−8). */
const ANA: Invitation = {
  uid: 'starfish-appt-884213@pdx.starfishsolutions.com',
  start: '20271202T100000',
  end: '20271202T103000',
  attendees: [{ cn: 'Ana Valencia', email: 'AValencia@Campus.Example.EDU' }],
  location: 'Student Services 210',
  url: 'https://meet.example.edu/lee',
};
/** Jo's, as Outlook writes it: a Windows zone name, the Teams link in the description only. */
const TEAMS = 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_Njk%40thread.v2/0?context=x';
const JO: Invitation = {
  uid: '040000008200E00074C5B7101A82E00800000000D0A9E1C2D3E4F5A6B7C8',
  tzid: 'Pacific Standard Time',
  start: '20271203T140000',
  end: '20271203T144500',
  organizer: { cn: 'Sam Ortiz', email: 'sortiz@campus.example.edu' },
  attendees: [{ cn: 'Jo Okafor', email: 'jokafor@campus.example.edu' }],
  location: 'Microsoft Teams Meeting',
  description: `Join the meeting now\n${TEAMS}.\nMeeting ID: 123 456`,
};
const NOBODY: Invitation = {
  ...ANA,
  uid: 'starfish-appt-884300@pdx.starfishsolutions.com',
  attendees: [{ cn: 'Pat Doe', email: 'pdoe@elsewhere.example.com' }],
};
/** Outside the window: ended three days ago, and more than 180 days ahead. */
const PAST: Invitation = {
  ...ANA,
  uid: 'starfish-past',
  start: '20271128T100000',
  end: '20271128T103000',
};
const FAR: Invitation = {
  ...ANA,
  uid: 'starfish-far',
  start: '20280801T100000',
  end: '20280801T103000',
};

let fake: FakeFeeds;
let app: FastifyInstance;
let now = NOW;
let lines: Array<Record<string, unknown>>;
beforeAll(async () => {
  fake = await FakeFeeds.start();
});
afterEach(async () => {
  fake.heal();
  await app.close();
});
afterAll(async () => fake.close());

/** The campus configuration naming both offices' calendars on the fake host. */
function campusFile(tutoring = fake.url('tutoring/t0k3n.ics')): string {
  const file = join(mkdtempSync(join(tmpdir(), 'portal-office-calendars-')), 'campus.json');
  const calendars = [
    { office: ADVISING, url: fake.url('advising/s3cr3t.ics') },
    { office: TUTORING, url: tutoring, refreshMinutes: 30 },
  ];
  writeFileSync(file, JSON.stringify({ appointments: { calendars } }));
  return file;
}

/** The app on the configuration, its log lines kept in `lines`. */
async function start(options: TestAppOptions = {}, tutoring?: string): Promise<FastifyInstance> {
  lines = [];
  now = NOW;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  app = await createTestApp({
    clock: () => now,
    env: { CAMPUS_CONFIG: campusFile(tutoring), FEED_TIMEOUT_MS: '1000' },
    logger: { level: 'debug', stream },
    ...options,
  });
  return app;
}

const serve = (path: string, invitations: Invitation[], method?: 'CANCEL') =>
  fake.serve(path, officeCalendar(invitations, method), 'text/calendar; charset=utf-8');

const readAll = async () => {
  const round = await app.officeCalendars.read();
  if (!round) throw new Error('the lease was not this process’s');
  return round;
};

describe('appointments from an office’s iCalendar address (issue 92)', () => {
  it('each invitation becomes its attendee’s appointment with the office: times from their zone (IANA or Windows), the organizer, the place, the link (URL, or a meeting link in the description); an attendee nobody has, a past and a far one are skipped', async () => {
    await start();
    const ana = await signIn(app, 'student');
    const jo = await signIn(app, 'new-student');
    serve('advising/s3cr3t.ics', [ANA, JO, NOBODY, PAST, FAR]);
    serve('tutoring/t0k3n.ics', []);
    const round = await readAll();
    expect(round.get(ADVISING)).toEqual({
      events: 3,
      stored: 2,
      unchanged: 0,
      unknownAttendee: 1,
      refused: 0,
    });
    expect(round.get(TUTORING)).toMatchObject({ events: 0, stored: 0 });
    expect(await appointmentsOf(app, ana.token)).toEqual([
      {
        id: expect.any(Number) as number,
        with: { name: 'Dr. Lee', office: ADVISING },
        starts_at: '2027-12-02T18:00:00.000Z',
        ends_at: '2027-12-02T18:30:00.000Z',
        place: 'Student Services 210',
        online_link: 'https://meet.example.edu/lee',
        cancelled: false,
        from: 'Advising Center calendar',
      },
    ]);
    expect(await appointmentsOf(app, jo.token)).toEqual([
      expect.objectContaining({
        with: { name: 'Sam Ortiz', office: ADVISING },
        starts_at: '2027-12-03T22:00:00.000Z',
        ends_at: '2027-12-03T22:45:00.000Z',
        place: 'Microsoft Teams Meeting',
        online_link: TEAMS,
      }),
    ]);
    // The UID is the appointment's external_id when it fits one (Outlook's), else its digest.
    const [stored] = await app.repositories.appointments.endingAfter(
      (await app.repositories.users.findByUsername('jokafor'))!.id,
      NOW,
      10,
    );
    expect(stored?.externalId).toBe(JO.uid);
  });

  it('reading the same calendar again changes nothing: each appointment stored once, untouched, and its reminders planned once', async () => {
    await start();
    const ana = await signIn(app, 'student');
    serve('advising/s3cr3t.ics', [ANA]);
    serve('tutoring/t0k3n.ics', []);
    await readAll();
    const userId = (await app.repositories.users.findByUsername('avalencia'))!.id;
    const [first] = await app.repositories.appointments.endingAfter(userId, NOW, 10);
    const planned = await app.notify.plan();
    expect(planned).toBeGreaterThan(0);

    now = new Date(NOW.getTime() + 15 * 60_000);
    const again = await readAll();
    expect(again.get(ADVISING)).toMatchObject({ events: 1, stored: 0, unchanged: 1 });
    expect(await app.repositories.appointments.endingAfter(userId, NOW, 10)).toEqual([first]);
    expect(await appointmentsOf(app, ana.token)).toHaveLength(1);
    expect(await app.notify.plan()).toBe(0);
  });

  it('a cancelled copy (STATUS:CANCELLED, or the calendar’s METHOD:CANCEL) marks the same appointment cancelled', async () => {
    await start();
    const ana = await signIn(app, 'student');
    const jo = await signIn(app, 'new-student');
    serve('advising/s3cr3t.ics', [ANA]);
    serve('tutoring/t0k3n.ics', [JO]);
    await readAll();
    // The calendar keeps the invitation and its cancellation: the later revision (SEQUENCE) counts.
    serve('advising/s3cr3t.ics', [ANA, { ...ANA, sequence: 1, status: 'CANCELLED' }]);
    serve('tutoring/t0k3n.ics', [{ ...JO, sequence: 1 }], 'CANCEL');
    const round = await readAll();
    expect(round.get(ADVISING)).toMatchObject({ stored: 1 });
    expect(await appointmentsOf(app, ana.token)).toMatchObject([
      { with: { name: 'Dr. Lee', office: ADVISING }, cancelled: true },
    ]);
    expect(await appointmentsOf(app, jo.token)).toMatchObject([
      { with: { name: 'Sam Ortiz', office: TUTORING }, cancelled: true },
    ]);
  });

  it('an advising campaign of the office completes when the calendar brings the student’s appointment', async () => {
    await start();
    const ana = await as(app, 'student');
    const { key } = await publisherWithKey(app, {
      name: 'advising',
      label: ADVISING,
      scopes: ['tasks:write'],
    });
    const campaign = taskFor(['avalencia'], {
      source_id: 'advising-spring-2028',
      title: 'Meet your advisor',
      completed_by: { appointment_with_office: 'advising center' },
    });
    const posted = await app.inject({
      method: 'POST',
      url: '/api/inbound/v1/items',
      headers: bearer(key),
      payload: campaign,
    });
    expect(posted.statusCode).toBe(201);
    const task = async () => (await ana.tasks()).find((t) => t.task.title === 'Meet your advisor');
    expect(await task()).toMatchObject({ completed_on: null });
    serve('advising/s3cr3t.ics', [ANA]);
    serve('tutoring/t0k3n.ics', []);
    await readAll();
    expect(await task()).toMatchObject({
      completed_on: NOW.toISOString(),
      completed_in: 'Advising Center calendar',
      completed_because: { kind: 'appointment-booked', office: ADVISING },
    });
  });

  it.each([
    ['answers HTTP 500', { kind: 'status', status: 500 } as const],
    [
      'is a web page, not iCalendar',
      { kind: 'invalid', body: '<html><body>Sign in</body></html>' } as const,
    ],
    ['does not answer in time', { kind: 'hang' } as const],
  ])(
    'a calendar that %s is logged by its office, never its address, and read again next time; the other office’s is read',
    async (_what, fault) => {
      await start();
      const ana = await signIn(app, 'student');
      const jo = await signIn(app, 'new-student');
      serve('advising/s3cr3t.ics', [ANA]);
      serve('tutoring/t0k3n.ics', [JO]);
      fake.fail('tutoring/t0k3n.ics', fault);
      const round = await readAll();
      expect(round.get(TUTORING)).toBeInstanceOf(Error);
      expect(await appointmentsOf(app, ana.token)).toHaveLength(1);
      expect(await appointmentsOf(app, jo.token)).toEqual([]);
      const failed = lines.filter((l) => l.office === TUTORING && Number(l.level) >= 40);
      expect(failed).toEqual([
        expect.objectContaining({ msg: 'office calendar not read: tried again next time' }),
      ]);
      const logged = JSON.stringify(lines);
      expect(logged).not.toMatch(/t0k3n|s3cr3t/);
      expect(logged).not.toContain(fake.url(''));

      fake.heal();
      const next = await readAll();
      expect(next.get(TUTORING)).toMatchObject({ stored: 1 });
      expect(await appointmentsOf(app, jo.token)).toHaveLength(1);
    },
  );

  it('a calendar on a host that refuses the connection is logged by its office, never its address', async () => {
    // A port nobody listens on: opened, then closed.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await start({}, `http://127.0.0.1:${port}/tutoring/t0k3n.ics`);
    serve('advising/s3cr3t.ics', [ANA]);
    const round = await readAll();
    expect(round.get(TUTORING)).toBeInstanceOf(Error);
    expect(round.get(ADVISING)).toMatchObject({ stored: 0, unknownAttendee: 1 });
    expect(lines.filter((l) => l.office === TUTORING && Number(l.level) >= 40)).toHaveLength(1);
    const logged = JSON.stringify(lines);
    expect(logged).not.toMatch(/t0k3n|s3cr3t/);
    expect(logged).not.toContain(`:${port}`);
  });

  it('one process at a time reads the calendars (the store’s lease); the address is never in the campus answer', async () => {
    await start();
    serve('advising/s3cr3t.ics', []);
    serve('tutoring/t0k3n.ics', []);
    const other = await createTestApp({
      clock: () => NOW,
      env: { CAMPUS_CONFIG: campusFile() },
      database: { ...app.database, close: async () => {} },
    });
    try {
      expect(await app.officeCalendars.read()).toBeInstanceOf(Map);
      expect(await other.officeCalendars.read()).toBeUndefined();
    } finally {
      await other.close();
    }
    const campus = await app.inject({ url: '/api/campus' });
    expect(campus.body).not.toMatch(/s3cr3t|t0k3n/);
  });

  it('the process that runs the background work reads each calendar soon after it is ready', async () => {
    const before = fake.hits.get('advising/s3cr3t.ics') ?? 0;
    await start({ notify: { run: true, firstPlanMs: 60_000 } });
    await signIn(app, 'student');
    serve('advising/s3cr3t.ics', [ANA]);
    serve('tutoring/t0k3n.ics', []);
    await app.ready();
    await vi.waitFor(() => expect(fake.hits.get('advising/s3cr3t.ics') ?? 0).toBe(before + 1), {
      timeout: 10_000,
      interval: 200,
    });
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/app.js';
import { adminAs } from '../routes/admin/admin-client.js';
import { at, days, hours, reminderApp } from './fixture.js';
import { decoded, headersOf, smtpSink } from './smtp-sink.js';

const DEADLINE = new Date('2026-11-04T00:00:00.000Z');
// Monday Nov 23, 2026, 9:00 AM PST: the campus default's weekly digest time.
const MONDAY_9AM = new Date('2026-11-23T17:00:00.000Z');

/** The HTML part of a received message, decoded. */
const htmlPart = (raw: string) => {
  const body = decoded(raw);
  return body.slice(body.indexOf('<html'), body.indexOf('</html>') + 7);
};

describe('notification email as received by an SMTP server', () => {
  let sink: Awaited<ReturnType<typeof smtpSink>>;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    sink = await smtpSink();
  });
  afterAll(() => sink.close());
  afterEach(async () => {
    await app?.close();
    app = undefined;
    sink.received.length = 0;
  });

  const appAt = async (now: Date) => {
    const f = await reminderApp(now, {
      env: {
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        PUBLIC_ORIGIN: 'https://portal.example.edu',
      },
    });
    app = f.app;
    return f;
  };

  it('a staff message keeps its paragraphs, line breaks and http(s)/mailto links in the HTML part, escaped, and carries Auto-Submitted', async () => {
    const f = await appAt(at(DEADLINE, -days(2)));
    const staff = await adminAs(f.app, 'staff');
    await signIn(f.app, 'faculty');
    const body = [
      'The library closes early on Friday.',
      'Doors: 6 PM\nDesk: 5:30 PM',
      'Hours: https://library.example.edu/hours?week=48. Questions: mailto:help@library.example.edu',
      '<script>alert(1)</script> javascript:alert(1) http://user:pw@evil.example/',
    ].join('\n\n');
    await staff.form('/admin/messages', [
      ['audience', 'everyone'],
      ['title', 'Library hours change'],
      ['body', body],
      ['also_notify', 'on'],
    ]);
    await f.app.notify.tick();
    const mine = sink.received.find((m) => m.to.includes(f.student.email ?? ''));
    const raw = mine?.raw ?? '';
    expect(headersOf(raw).get('auto-submitted')).toBe('auto-generated');
    const html = htmlPart(raw);
    expect(html).toContain('<p>The library closes early on Friday.</p>');
    expect(html).toContain('<p>Doors: 6 PM<br/>Desk: 5:30 PM</p>');
    expect(html).toContain(
      '<p>Hours: <a href="https://library.example.edu/hours?week=48">https://library.example.edu/hours?week=48</a>. Questions: <a href="mailto:help@library.example.edu">mailto:help@library.example.edu</a></p>',
    );
    expect(html).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt; javascript:alert(1) http://user:pw@evil.example/',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('href="javascript:');
    expect(html).not.toContain('href="http://user:pw');
  });

  it('a reminder carries Auto-Submitted: auto-generated', async () => {
    const f = await appAt(at(DEADLINE, -days(2)));
    await f.addTask(DEADLINE, 'Submit the housing form');
    await f.app.notify.plan();
    await f.app.notify.tick();
    const mine = sink.received.find((m) => m.raw.includes('Submit the housing form'));
    expect(headersOf(mine?.raw ?? '').get('auto-submitted')).toBe('auto-generated');
  });

  it('a weekly digest carries Auto-Submitted: auto-generated', async () => {
    const f = await appAt(MONDAY_9AM);
    await f.addTask(at(MONDAY_9AM, -days(2)), 'Return the loan agreement');
    await f.app.notify.plan();
    f.setNow(at(MONDAY_9AM, hours(1)));
    await f.app.notify.tick();
    const digest = sink.received.find((m) =>
      /overdue in Next Steps/.test(headersOf(m.raw).get('subject') ?? ''),
    );
    expect(digest).toBeDefined();
    expect(headersOf(digest?.raw ?? '').get('auto-submitted')).toBe('auto-generated');
  });
});

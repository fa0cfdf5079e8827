import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { unsubscribeAnswerSchema } from '../../../contract/notify.schema.js';
import { findPersona } from '../../../server/sis/personas.js';
import { signIn } from '../helpers/app.js';
import { adminAs } from '../routes/admin/admin-client.js';
import { at, days, reminderApp, unsubscribeLink } from './fixture.js';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** The headers of a raw message, unfolded, by lower-case name. */
function headersOf(raw: string): Map<string, string> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new Map(
    head.split('\r\n').map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
}

/** The message's parts decoded from quoted-printable (enough to read the text back). */
const decoded = (raw: string) =>
  raw
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('reminder email over SMTP (a real SMTP server in the test)', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port = 0;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'portal' && auth.password === 's3cret') {
          callback(null, { user: auth.username });
        } else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    if (!address || typeof address === 'string') throw new Error('the SMTP server has no port');
    port = address.port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(async () => {
    await app?.close();
    received.length = 0;
  });

  const DEADLINE = new Date('2026-11-04T00:00:00.000Z');

  async function sendOne() {
    const f = await reminderApp(at(DEADLINE, -days(2)), {
      env: {
        SMTP_URL: `smtp://portal:s3cret@127.0.0.1:${port}`,
        MAIL_FROM: 'Campus Portal <reminders@portal.example.edu>',
        PUBLIC_ORIGIN: 'https://portal.example.edu',
        SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
      },
    });
    app = f.app;
    await f.addTask(DEADLINE, 'Submit the housing form');
    await f.app.notify.plan();
    await f.app.notify.tick();
    return f;
  }

  it('a due reminder arrives by SMTP, signed in with the URL credentials, from MAIL_FROM to the student, in plain text and HTML', async () => {
    const f = await sendOne();
    const mine = received.filter((m) => /Submit the housing form/.test(m.raw));
    expect(mine).toHaveLength(1);
    const [message] = mine;
    expect(message?.user).toBe('portal');
    expect(message?.from).toBe('reminders@portal.example.edu');
    expect(message?.to).toEqual([f.student.email]);
    const headers = headersOf(message?.raw ?? '');
    expect(headers.get('subject')).toBe('Due in 2 days: Submit the housing form');
    expect(headers.get('content-type')).toMatch(/^multipart\/alternative/);
    const body = decoded(message?.raw ?? '');
    expect(body).toContain('Content-Type: text/plain');
    expect(body).toContain(
      'Your Next Steps task "Submit the housing form" is due Tue, Nov 3, 2026, 4:00 PM PST (in 2 days).',
    );
    expect(body).toContain('Content-Type: text/html');
    expect(body).toContain('<html lang="en">');
    expect(body).toMatch(/<a href="https:\/\/portal\.example\.edu\/next-steps\/task\/\d+"/);
  });

  it('the message carries RFC 8058 one-click unsubscribe headers; POSTing its link without signing in stops deadline reminders', async () => {
    const f = await sendOne();
    const message = received.find((m) => /Submit the housing form/.test(m.raw));
    const headers = headersOf(message?.raw ?? '');
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https:\/\/portal\.example\.edu\/api\/notify\/unsubscribe\?token=[^>]+)>$/.exec(
      headers.get('list-unsubscribe') ?? '',
    )?.[1];
    expect(link).toBeDefined();

    const deadlineAlerts = await f.app.database.db
      .selectFrom('ns_notification_types')
      .select('id')
      .where('name', '=', 'Deadline alerts')
      .executeTakeFirstOrThrow();
    expect(
      (await f.app.repositories.nextStepsProfile.preference(f.student.id))?.notifications,
    ).toContain(deadlineAlerts.id);

    // What a mail provider does: a POST of the form field, no cookie.
    const answer = await unsubscribeLink(f.app, link ?? '').press();
    expect(answer.statusCode).toBe(200);
    expect(unsubscribeAnswerSchema.parse(answer.json())).toEqual({
      topic: 'deadlines',
      unsubscribed: true,
    });
    const after = await f.app.repositories.nextStepsProfile.preference(f.student.id);
    expect(after?.notifications).not.toContain(deadlineAlerts.id);
    expect(after?.notifications.length).toBeGreaterThan(0); // other choices stay

    // The next deadline brings no email.
    const later = await f.addTask(at(DEADLINE, days(1)), 'Another deadline');
    await f.app.notify.plan();
    expect(await f.jobsOf(later.userTaskId)).toEqual([]);
  });

  it('to a reader who chose Español, a staff message’s email has its frame in Spanish and its English words marked lang="en" (issue 59, WCAG 3.1.2)', async () => {
    const f = await reminderApp(at(DEADLINE, -days(2)), {
      env: { PUBLIC_ORIGIN: 'https://portal.example.edu' },
    });
    app = f.app;
    const prefs = await f.app.repositories.preferences.forUser(f.student.id);
    await f.app.repositories.preferences.update(f.student.id, prefs.pk, { language: 'es' });
    const staff = await adminAs(f.app, 'staff');
    await staff.form('/admin/messages', [
      ['audience', 'person'],
      ['username', f.student.username],
      ['title', 'Library hours change'],
      ['body', 'The library closes at 6 PM on Friday.'],
      ['action_link', 'https://library.example.edu/hours'],
      ['also_notify', 'on'],
    ]);
    await f.app.notify.tick();
    const [email] = (await f.app.notify.outbox.list(20)).filter(
      (e) => e.channel === 'email' && e.subject === 'Library hours change',
    );
    expect(email?.headers['Content-Language']).toBe('es');
    expect(email?.html).toContain('<html lang="es">');
    expect(email?.html).toMatch(/<h1[^>]* lang="en"[^>]*>Library hours change<\/h1>/);
    expect(email?.html).toContain(
      '<div lang="en"><p>The library closes at 6 PM on Friday.</p></div>',
    );
    expect(email?.html).toContain('>Tomar acción</a>');
    expect(email?.text).toContain('Léalo en Campus Portal: https://portal.example.edu/messages');
    expect(email?.html).not.toMatch(/Take action|Read it in|You receive this/);
  });

  it('a portal message’s email carries its own one-click unsubscribe; POSTing it without signing in stops the next message’s email for that person and only the messages topic', async () => {
    const f = await reminderApp(at(DEADLINE, -days(2)), {
      env: {
        SMTP_URL: `smtp://portal:s3cret@127.0.0.1:${port}`,
        MAIL_FROM: 'Campus Portal <reminders@portal.example.edu>',
        PUBLIC_ORIGIN: 'https://portal.example.edu',
        SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
      },
    });
    app = f.app;
    const staff = await adminAs(f.app, 'staff');
    await signIn(f.app, 'faculty');
    const send = async (title: string) => {
      await staff.form('/admin/messages', [
        ['audience', 'everyone'],
        ['title', title],
        ['body', 'The library closes at 6 PM on Friday.'],
        ['also_notify', 'on'],
      ]);
      await f.app.notify.tick();
      return received.filter((m) => m.raw.includes(title));
    };
    const first = (await send('Library hours change')).find((m) =>
      m.to.includes(f.student.email ?? ''),
    );
    const headers = headersOf(first?.raw ?? '');
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https:\/\/portal\.example\.edu\/api\/notify\/unsubscribe\?token=[^>]+)>$/.exec(
      headers.get('list-unsubscribe') ?? '',
    )?.[1];
    expect(link).toBeDefined();
    // The link is also in the email for a person to follow.
    expect(decoded(first?.raw ?? '')).toContain('Stop messages from the university');
    const unsubscribe = unsubscribeLink(f.app, link ?? '');
    // Opened in a browser, the link says what stops and what stays.
    expect((await unsubscribe.open()).body).toContain(
      'You will no longer get messages from the university by email, text or push (they stay on your Messages page).',
    );

    const answer = await unsubscribe.press();
    expect(answer.statusCode).toBe(200);
    expect(unsubscribeAnswerSchema.parse(answer.json())).toEqual({
      topic: 'messages',
      unsubscribed: true,
    });

    // The next message reaches the others by email, not this student.
    const next = await send('Welcome back');
    expect(next.some((m) => m.to.includes(f.student.email ?? ''))).toBe(false);
    expect(next.length).toBeGreaterThan(0);
    const facultyEmail = (
      await f.app.repositories.users.findByUsername(findPersona('faculty').username)
    )?.email;
    expect(next.some((m) => m.to.includes(facultyEmail ?? ''))).toBe(true);
    // Only that topic: deadline alerts stay chosen, and the next deadline is still emailed.
    const chosen = await f.app.repositories.nextStepsProfile.preference(f.student.id);
    const types = await f.app.repositories.nextStepsProfile.notificationTypes();
    const named = (name: string) => types.find((t) => t.name === name)?.id;
    expect(chosen?.notifications).toContain(named('Deadline alerts'));
    expect(chosen?.notifications).not.toContain(named('Messages from the university'));
    await f.addTask(DEADLINE, 'Submit the housing form');
    await f.app.notify.plan();
    await f.app.notify.tick();
    expect(received.some((m) => /Submit the housing form/.test(m.raw))).toBe(true);
    // Reversible in the settings: choosing the type again brings the copies back.
    await f.app.repositories.nextStepsProfile.setPreference(f.student.id, {
      notifications: [...(chosen?.notifications ?? []), named('Messages from the university') ?? 0],
    });
    const again = await send('Registration opens');
    expect(again.some((m) => m.to.includes(f.student.email ?? ''))).toBe(true);
  });

  it('a changed or made-up unsubscribe token is refused and unsubscribes no one', async () => {
    const f = await sendOne();
    const message = received.find((m) => /Submit the housing form/.test(m.raw));
    const token =
      new URL(
        /<([^>]+)>/.exec(headersOf(message?.raw ?? '').get('list-unsubscribe') ?? '')?.[1] ??
          'https://x',
      ).searchParams.get('token') ?? '';
    const [body] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ u: f.student.id + 1, t: 'deadlines' })).toString('base64url')}.${token.split('.')[1]}`;
    for (const bad of [forged, `${body}.AAAA`, 'nonsense']) {
      const answer = await f.app.inject({
        method: 'POST',
        url: `/api/notify/unsubscribe?token=${encodeURIComponent(bad)}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(answer.statusCode).toBe(400);
    }
  });
});

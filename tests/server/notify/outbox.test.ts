import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { signIn } from '../helpers/app.js';
import { at, days, reminderApp } from './fixture.js';

const DEADLINE = new Date('2026-11-04T00:00:00.000Z');

describe('the outbox (no SMTP_URL): staff read the email at /admin/outbox', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  async function withOneEmail() {
    const f = await reminderApp(at(DEADLINE, -days(2)), {
      env: { PUBLIC_ORIGIN: 'https://portal.example.edu' },
    });
    app = f.app;
    await f.addTask(DEADLINE, 'Submit the <b>housing</b> form');
    await f.app.notify.plan();
    await f.app.notify.tick();
    const entries = await f.app.notify.outbox.list(100);
    const entry = entries.find((e) => e.subject.includes('housing'));
    if (!entry) throw new Error('no outbox entry for the task');
    return { f, entry };
  }

  it('without SMTP_URL a reminder is kept in the outbox with its recipient, subject, topic and headers', async () => {
    const { f, entry } = await withOneEmail();
    expect(f.app.notify.mailer.kind).toBe('outbox');
    expect(entry).toMatchObject({
      recipient: f.student.email,
      subject: 'Due in 2 days: Submit the <b>housing</b> form',
      topic: 'deadlines',
      state: 'sent',
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    expect(entry.headers['List-Unsubscribe']).toMatch(
      /^<https:\/\/portal\.example\.edu\/api\/notify\/unsubscribe\?token=.+>$/,
    );
  });

  it('staff see the list with recipient, subject, topic, created and state, and open one to read it', async () => {
    const { f, entry } = await withOneEmail();
    const { cookie } = await signIn(f.app, 'staff');
    const list = await f.app.inject({
      url: '/admin/outbox',
      headers: { cookie, accept: 'text/html' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('<th scope="col">Recipient</th>');
    for (const h of ['Subject', 'Topic', 'Created', 'State'])
      expect(list.body).toContain(`>${h}</th>`);
    expect(list.body).toContain(`href="/admin/outbox/${entry.id}"`);
    expect(list.body).toContain('Submit the &lt;b&gt;housing&lt;/b&gt; form');
    expect(list.body).toContain('Next Steps deadline reminders');
    expect(list.body).toContain('href="/admin/outbox" aria-current="page"');

    const one = await f.app.inject({
      url: `/admin/outbox/${entry.id}`,
      headers: { cookie, accept: 'text/html' },
    });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('List-Unsubscribe-Post');
    expect(one.body).toContain(
      'Your Next Steps task &quot;Submit the &lt;b&gt;housing&lt;/b&gt; form&quot;',
    );

    const html = await f.app.inject({ url: `/admin/outbox/${entry.id}/html`, headers: { cookie } });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(html.body).toContain('<strong>Submit the &lt;b&gt;housing&lt;/b&gt; form</strong>');

    const missing = await f.app.inject({
      url: '/admin/outbox/999999',
      headers: { cookie, accept: 'text/html' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('the outbox is for staff only: a student gets 403, a stranger is sent to sign in', async () => {
    const { f, entry } = await withOneEmail();
    const { cookie } = await signIn(f.app, 'student');
    for (const url of [
      '/admin/outbox',
      `/admin/outbox/${entry.id}`,
      `/admin/outbox/${entry.id}/html`,
    ]) {
      expect(
        (await f.app.inject({ url, headers: { cookie, accept: 'text/html' } })).statusCode,
      ).toBe(403);
      expect((await f.app.inject({ url, headers: { accept: 'text/html' } })).statusCode).toBe(303);
    }
  });

  it('opening the unsubscribe link shows a one-button confirmation page; pressing it unsubscribes and says so', async () => {
    const { f, entry } = await withOneEmail();
    const link = new URL(
      /<([^>]+)>/.exec(entry.headers['List-Unsubscribe'] ?? '')?.[1] ?? 'https://x',
    );
    const page = await f.app.inject({
      url: link.pathname + link.search,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body.match(/<button/g)).toHaveLength(1);
    expect(page.body).toMatch(/<form [^>]*method="post"/);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    const before = await f.app.repositories.nextStepsProfile.preference(f.student.id);
    // A GET changes nothing (link scanners open links): email reminders, deadline alerts, messages,
    // changes to the record (issue 74) and appointment reminders (issue 92).
    expect(before?.notifications).toHaveLength(5);

    const pressed = await f.app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
    expect(pressed.statusCode).toBe(303);
    const done = await f.app.inject({
      url: String(pressed.headers.location),
      headers: { accept: 'text/html' },
    });
    expect(done.body).toContain('You are unsubscribed');
    expect(
      (await f.app.repositories.nextStepsProfile.preference(f.student.id))?.notifications,
    ).toHaveLength(4);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn } from '../../helpers/app.js';
import { seedReach } from '../../db/reach-seed.js';

const now = new Date('2026-11-23T18:00:00.000Z');
const TASK = '+Reach: the "housing", form';
const MESSAGE = '=HYPERLINK("https://evil.example","Click")';

describe('the reach dashboard (/admin/reach) and its CSV exports', () => {
  let app: FastifyInstance;
  let seeded: Awaited<ReturnType<typeof seedReach>>;
  let cookie: string;
  const get = (url: string, as: string | undefined = cookie) =>
    app.inject({ url, headers: { accept: 'text/html', ...(as ? { cookie: as } : {}) } });

  beforeAll(async () => {
    app = await createTestApp({ clock: () => now });
    seeded = await seedReach(app.database.db, now, { task: TASK, message: MESSAGE });
    ({ cookie } = await signIn(app, 'staff'));
  });
  afterAll(async () => app.close());

  it('is for staff only: a student gets 403 and a stranger is sent to sign in, for the page and both exports', async () => {
    const student = (await signIn(app, 'student')).cookie;
    for (const url of ['/admin/reach', '/admin/reach/messages.csv', '/admin/reach/tasks.csv']) {
      expect((await get(url, student)).statusCode, url).toBe(403);
      expect((await get(url, '')).statusCode, url).toBe(303);
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('is in the admin navigation, marked as the current page', async () => {
    const page = await get('/admin/reach');
    expect(page.body).toContain('href="/admin/reach" aria-current="page">Reach</a>');
    expect((await get('/admin')).body).toContain('href="/admin/reach">Reach</a>');
  });

  it('shows each message of the window with its recipients, reads, read rate and notifications per channel', async () => {
    const page = await get('/admin/reach');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const users = await app.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const everyone = Number(users.n);
    const row = rowOf(page.body, 'Click&quot;)');
    expect(row).toContain('<td data-label="To">Everyone</td>');
    expect(row).toContain(`<td data-label="Recipients">${everyone}</td>`);
    expect(row).toContain('<td data-label="Read">2</td>');
    expect(row).toContain(`${Math.round((2 / everyone) * 1000) / 10} %`);
    expect(row).toContain('<li>email: 2 sent, 1 failed</li>');
    expect(row).toContain('<li>pigeon: 1 sent, 0 failed</li>');
    const students = rowOf(page.body, 'Reach: students');
    expect(students).toContain('<li>sms: 0 sent, 0 failed, 1 waiting</li>');
    expect(students).toContain('<li>push: 0 sent, 0 failed, 1 not needed</li>');
    const you = rowOf(page.body, 'Reach: you');
    expect(you).toContain('<td data-label="Recipients">1</td>');
    expect(you).toContain('100 %');
    expect(you).toContain('None sent');
    expect(rowOf(page.body, 'Reach: no one')).toContain('<td data-label="Read rate">—</td>');
    expect(page.body).not.toContain('Reach: long ago');
    expect(page.body).not.toContain('Reach: demo');
  });

  it('draws each task as an SVG chart with a title and a description, and gives its numbers in a table', async () => {
    const page = await get('/admin/reach?weeks=2');
    const id = `task-${seeded.taskId}`;
    const card = page.body.slice(
      page.body.indexOf(`<section aria-labelledby="${id}-h"`),
      page.body.indexOf('</section>', page.body.indexOf(`${id}-h`)),
    );
    expect(card).toContain(
      `<svg class="chart" viewBox="0 0 440 220" role="img" aria-labelledby="${id}-title" aria-describedby="${id}-desc"`,
    );
    expect(card).toContain(
      `<title id="${id}-title">+Reach: the &quot;housing&quot;, form: students by week</title>`,
    );
    expect(card).toMatch(
      new RegExp(
        `<desc id="${id}-desc">On Nov 9: 3 assigned: 1 done, 0 dismissed, 0 overdue, 2 open\\. On Nov 23: 3 assigned: 1 done, 1 dismissed, 1 overdue, 0 open\\.`,
      ),
    );
    // Patterns, not colour alone, and a stacked segment per non-zero count.
    expect(card).toContain(`fill="url(#${id}-dismissed)"`);
    expect(card).toContain(`fill="url(#${id}-overdue)"`);
    expect(card).toContain('<details><summary>The numbers as a table</summary>');
    expect(card).toContain(
      '<td data-label="Week ending">Nov 16</td><td data-label="Assigned">3</td><td data-label="Done">1</td><td data-label="Dismissed">0</td><td data-label="Overdue">2</td><td data-label="Open">0</td>',
    );
    expect(page.body).not.toContain('Reach: a draft');
    expect(page.body).toContain('<ul class="legend" aria-label="Legend">');
  });

  it('charts one student type when one is chosen, and every student for a type that does not exist', async () => {
    const typed = await get(`/admin/reach?weeks=1&type=${seeded.types.typeB}`);
    expect(typed.body).toContain('Students of the type “Reach type B”');
    expect(typed.body).toContain(
      `<option value="${seeded.types.typeB}" selected="">Reach type B</option>`,
    );
    expect(typed.body).toMatch(/On Nov 23: 1 assigned: 0 done, 1 dismissed, 0 overdue, 0 open/);
    const unknown = await get('/admin/reach?type=999999');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('Every student, as they stood');
  });

  it('refuses a window beyond 26 weeks, of no weeks or not a number, and a type that is not an id (400)', async () => {
    for (const query of ['weeks=27', 'weeks=0', 'weeks=abc', 'weeks=1e1', 'type=-1', 'type=x']) {
      for (const path of ['/admin/reach', '/admin/reach/tasks.csv', '/admin/reach/messages.csv'])
        expect((await get(`${path}?${query}`)).statusCode, `${path}?${query}`).toBe(400);
    }
    expect((await get('/admin/reach?weeks=26')).statusCode).toBe(200);
  });

  it('exports the messages as a CSV attachment, escaped, with formulas defused', async () => {
    const response = await get('/admin/reach/messages.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="reach-messages-2026-11-23.csv"',
    );
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'message_id,title,audience,created_on,recipients,read,read_rate,channel,sent,failed,waiting,not_needed,address_refused',
    );
    const { everyone, person } = seeded.messages;
    const title = `"'=HYPERLINK(""https://evil.example"",""Click"")"`;
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${everyone},${escape(title)},Everyone,.*,email,2,1,0,0,0$`),
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${everyone},${escape(title)},Everyone,.*,pigeon,1,0,0,0,0$`),
      ),
    );
    expect(lines).toContainEqual(
      `${person},Reach: you,Person: reach1,2026-11-20T18:00:00.000Z,1,1,1,,0,0,0,0,0`,
    );
    expect(lines.at(-1)).toBe('');
  });

  it('exports the tasks by week for every student and each student type, escaped, with formulas defused', async () => {
    const response = await get('/admin/reach/tasks.csv?weeks=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="reach-tasks-2026-11-23.csv"',
    );
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'task_id,title,ends_on,student_type,week_ending,assigned,done,dismissed,overdue,open',
    );
    const mine = lines.filter((l) => l.startsWith(`${seeded.taskId},`));
    const title = `"'+Reach: the ""housing"", form"`;
    const deadline = '2026-11-13T18:00:00.000Z';
    expect(mine).toEqual([
      `${seeded.taskId},${title},${deadline},Every student,2026-11-16T18:00:00.000Z,3,1,0,2,0`,
      `${seeded.taskId},${title},${deadline},Every student,2026-11-23T18:00:00.000Z,3,1,1,1,0`,
      `${seeded.taskId},${title},${deadline},Reach type A,2026-11-16T18:00:00.000Z,2,1,0,1,0`,
      `${seeded.taskId},${title},${deadline},Reach type A,2026-11-23T18:00:00.000Z,2,1,1,0,0`,
      `${seeded.taskId},${title},${deadline},Reach type B,2026-11-16T18:00:00.000Z,1,0,0,1,0`,
      `${seeded.taskId},${title},${deadline},Reach type B,2026-11-23T18:00:00.000Z,1,0,1,0,0`,
      `${seeded.taskId},${title},${deadline},(none),2026-11-16T18:00:00.000Z,1,0,0,1,0`,
      `${seeded.taskId},${title},${deadline},(none),2026-11-23T18:00:00.000Z,1,0,0,1,0`,
    ]);
  });
  it('shows delivery speed as a table with a caption and column headers, or says there is none; the staff reach view words a refused address one way and fills the 95 % / 100 % by figures', async () => {
    const empty = await get('/admin/reach');
    expect(empty.body).toContain('<h2 id="delivery">Delivery speed</h2>');
    expect(empty.body).toContain('No message or alert notification was sent in this window.');

    const created = new Date(now.getTime() - 3600_000).toISOString();
    const { s1, s2 } = seeded.users;
    const job = (userId: number, key: string, state: string, finishedAfter: number | null) => ({
      idempotency_key: key,
      channel: 'email',
      topic: 'messages',
      user_id: userId,
      payload: state === 'dropped' ? JSON.stringify({ messageId: seeded.messages.everyone }) : '{}',
      run_at: created,
      state,
      created_at: created,
      finished_at:
        finishedAfter === null
          ? null
          : new Date(Date.parse(created) + finishedAfter * 1000).toISOString(),
      last_error:
        state === 'dropped' ? 'refused by the mail server: 550 5.1.1 no such mailbox' : null,
      message_id: seeded.messages.everyone,
    });
    await app.database.db
      .insertInto('notify_jobs')
      .values([job(s1, 'speed:1', 'sent', 90), job(s2, 'speed:2', 'dropped', null)])
      .execute();
    const page = await get('/admin/reach');
    const table = page.body.slice(page.body.indexOf('aria-label="Delivery speed"'));
    expect(table).toMatch(
      /^aria-label="Delivery speed" tabindex="0"><table class="stack"><caption>Delivery speed per message and alert, newest first \(1\)<\/caption>/,
    );
    for (const header of [
      'Sent',
      'What',
      'Channel',
      'Jobs',
      'Handed over',
      '50 % by',
      '95 % by',
      '100 % by',
      'Failed, address refused or not needed',
    ]) {
      expect(table).toContain(`<th scope="col">${header}</th>`);
    }
    const row = rowOf(table, 'data-label="Channel">email');
    expect(row).toContain('<td data-label="Jobs">2</td>');
    expect(row).toContain('<td data-label="Handed over">1</td>');
    // One of two handed over, the other's address refused: 50, 95 and 100 % of those that can
    // reach their recipient are reached (timed from the message's creation), not left blank.
    for (const share of ['50', '95', '100']) {
      expect(row).toMatch(new RegExp(`<td data-label="${share} % by">\\d+ h( \\d+ min)?</td>`));
    }
    expect(row).toContain(
      '<li>1 address refused: refused by the mail server: 550 5.1.1 no such mailbox</li>',
    );
    // The same words in the messages' table.
    expect(rowOf(page.body, 'Click&quot;)')).toContain('1 address refused</li>');
    expect(page.body).not.toMatch(/\d dropped/);
    expect(page.body).not.toContain('No message or alert notification was sent in this window.');
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The table row holding `text`. */
function rowOf(html: string, text: string): string {
  const at = html.indexOf(text);
  if (at < 0) throw new Error(`No row with ${text}`);
  return html.slice(html.lastIndexOf('<tr>', at), html.indexOf('</tr>', at));
}
